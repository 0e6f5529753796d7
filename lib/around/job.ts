import { env } from "@/lib/env";
import type { Job } from "@/lib/jobs/types";
import { crawlFirms, REQUEST_TIMEOUT_MS } from "./crawl";
import { loadFirms } from "./firms";
import { saveCrawl } from "./history";

/** Daily crawl of the firm homepages (notes/infra.md §4d). */
export const aroundCrawl: Job = {
  name: "around",
  description: "Crawl the firm homepages of content/around.json and record what changed",
  schedule: "0 6 * * *",
  reachesPublicSites: true,
  // robots.txt, a capped crawl-delay and the homepage, with room to spare.
  leaseSeconds: Math.ceil((3 * REQUEST_TIMEOUT_MS) / 1000) + 30,
  async run({ store, base, signal, now }) {
    const firms = loadFirms();
    const report = await crawlFirms(firms, { base, allowHosts: env().LENS_ALLOW_HOSTS, signal, now });
    const { changes } = await saveCrawl(store, report);
    return { ...report.counts, changes };
  },
};

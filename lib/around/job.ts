import { env } from "@/lib/env";
import { JobShortfall, type Job } from "@/lib/jobs/types";
import { crawlFirms, REQUEST_TIMEOUT_MS } from "./crawl";
import { loadFirms } from "./firms";
import { saveCrawl, wasRead } from "./history";

/**
 * Below this share of firms read, the crawl says more about our network than about the
 * firms: it is a failed run, and the last good crawl stays published.
 */
export const MIN_READ_SHARE = 0.5;

/** Daily crawl of the firm homepages (docs/owner-guide.md, around). */
export const aroundCrawl: Job = {
  name: "around",
  description: "Crawl the firm homepages of content/around.json and record what changed",
  schedule: "0 6 * * *",
  reachesPublicSites: true,
  feature: "around",
  // robots.txt, a capped crawl-delay and the homepage, with room to spare.
  leaseSeconds: Math.ceil((3 * REQUEST_TIMEOUT_MS) / 1000) + 30,
  async run({ store, base, signal, now }) {
    const firms = loadFirms();
    const report = await crawlFirms(firms, { base, allowHosts: env().LENS_ALLOW_HOSTS, signal, now });
    const problems = report.firms.filter((f) => !wasRead(f)).map((f) => `${f.name} (${f.homepage}) unreachable: ${f.error}`);
    const read = report.firms.length - problems.length;
    const needed = Math.ceil(report.firms.length * MIN_READ_SHARE);
    if (read < needed)
      throw new JobShortfall(
        `read ${read} of ${report.firms.length} firm homepages (at least ${needed} needed); the last good crawl is kept`,
        report.counts,
        problems,
      );
    const { changes } = await saveCrawl(store, report);
    return { summary: { ...report.counts, changes }, problems };
  },
};

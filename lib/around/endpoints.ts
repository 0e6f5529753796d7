import { defineEndpoint } from "@/lib/core/endpoint";
import { ApiError } from "@/lib/core/errors";
import { getStore } from "@/lib/store";
import { StoreUnavailableError } from "@/lib/store/errors";
import { jobsEnabled, nextRun } from "@/lib/jobs/schedule";
import { failureSince, type FailedRun } from "@/lib/jobs/last-failure";
import { AroundChangesSchema, AroundReportSchema, ChangesQuerySchema, MAX_CHANGE_SETS, PendingSchema } from "./schemas";
import { readChanges, readLatest } from "./history";
import { aroundCrawl } from "./job";
import { loadFirms } from "./firms";
import { siteConfig } from "@/site.config";

const RETENTION = `The change sets of the last ${MAX_CHANGE_SETS} crawls that changed anything (a daily crawl: about ${Math.round(MAX_CHANGE_SETS / 30)} months of changes at most).`;

function storeDown(e: unknown, what: string): never {
  if (e instanceof StoreUnavailableError)
    throw new ApiError("storage_unavailable", `The ${what} could not be read right now.`, { cause: e, headers: { "retry-after": "60" } });
  throw e;
}

function firmCount(): number {
  try {
    return loadFirms().length;
  } catch {
    return 0;
  }
}

/** /around/json: the latest crawl, or 503 Pending until the first one finishes. */
export const getNeighborhood = defineEndpoint({
  name: "getNeighborhood",
  summary: "Latest crawl of the firm homepages",
  description: `The latest crawl of the homepages of ${siteConfig.around.watches} (the list is in the site's content): for each, the robots.txt verdict for this site's crawler, HTTP status, final URL, title, description and a hash of the visible text. Crawled ${aroundCrawl.schedule === "0 6 * * *" ? "daily at 06:00 UTC" : `on the schedule ${aroundCrawl.schedule} (UTC)`} when the owner has turned scheduled jobs on; a homepage robots.txt closes to us is not fetched. Before the first crawl finishes, 503 with a Pending body.`,
  tag: "around",
  policy: "read",
  output: AroundReportSchema,
  outputDescription: "The latest crawl",
  errors: [
    {
      status: 503,
      code: "pending",
      description:
        "No crawl has finished yet (Pending); Retry-After says when to look again: after the next scheduled crawl, or in a day when none is scheduled",
      schema: PendingSchema,
    },
    { status: 503, code: "storage_unavailable", description: "The latest crawl could not be read right now" },
  ],
  async run() {
    const store = getStore();
    const latest = await readLatest(store).catch((e) => storeDown(e, "latest crawl"));
    const lastFailure = await failureSince(store, aroundCrawl.name, latest?.crawledAt ?? null).catch((e) => storeDown(e, "latest crawl"));
    if (latest) return { ...latest, lastFailure };
    pending(jobsEnabled() ? nextRun(aroundCrawl.schedule) : null, lastFailure);
  },
  // Turned off, or no crawl scheduled: nothing will arrive, which Pending says with no next crawl.
  feature: { name: "around", off: () => pending(null, null) },
  http: { path: "/around/json", cache: { maxAge: 300, staleWhileRevalidate: 3600 } },
});

const DAY_SECONDS = 86_400;

/** 503 Pending: no crawl yet, and when the next one is due (none: look again in a day). */
function pending(next: Date | null, lastFailure: FailedRun | null): never {
  // When the next crawl is due (and a minute for it to finish), or a day when none is scheduled.
  const wait = next ? Math.min(DAY_SECONDS, Math.max(60, Math.ceil((next.getTime() - Date.now()) / 1000) + 60)) : DAY_SECONDS;
  throw new ApiError("pending", "No crawl of the firm homepages has finished yet.", {
    headers: { "retry-after": String(wait) },
    hint: [
      lastFailure ? `The crawl of ${lastFailure.at} failed: ${lastFailure.reason}.` : "",
      next ? `The next crawl is scheduled for ${next.toISOString()}; the crawl runs daily.` : "No crawl is scheduled.",
    ]
      .filter(Boolean)
      .join(" "),
    extras: { pending: true, firms: firmCount(), nextCrawlAt: next?.toISOString() ?? null, lastFailure },
  });
}

/** /around/changes.json: the bounded history of differences between crawls. */
export const getChangeRadar = defineEndpoint({
  name: "getChangeRadar",
  summary: "Recent changes to the firm homepages",
  description: `What changed between consecutive crawls of the firm homepages, newest first: status, final URL, title, description, robots verdict and content (a hash of the visible text; page bodies are never stored). ${RETENTION} Empty before the second crawl.`,
  tag: "around",
  policy: "read",
  input: ChangesQuerySchema,
  output: AroundChangesSchema,
  outputDescription: "Changes, newest first",
  errors: [{ status: 503, code: "storage_unavailable", description: "The change history could not be read right now" }],
  async run({ limit }) {
    const changes = await readChanges(getStore(), limit).catch((e) => storeDown(e, "change history"));
    return { limit, returned: changes.length, changes, retention: RETENTION };
  },
  // Turned off: no crawls, so no changes between them (as before the second crawl).
  feature: { name: "around", off: ({ limit }) => ({ limit, returned: 0, changes: [], retention: RETENTION }) },
  http: { path: "/around/changes.json", cache: { maxAge: 300, staleWhileRevalidate: 3600 } },
});

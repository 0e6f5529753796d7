import { getStore } from "@/lib/store";
import { StoreUnavailableError } from "@/lib/store/errors";
import { jobsEnabled, nextRun } from "@/lib/jobs/schedule";
import { failureSince, type FailedRun } from "@/lib/jobs/last-failure";
import { readChanges, readLatest, type Change } from "./history";
import { aroundCrawl } from "./job";
import { loadFirms, type Firm } from "./firms";
import type { AroundReport } from "./crawl";

/** What the /around page and its Markdown twin show: the same reads as the API. */
export type AroundView =
  | { state: "ready"; report: AroundReport; changes: Change[]; lastFailure: FailedRun | null }
  | { state: "pending"; firms: Firm[]; nextCrawlAt: string | null; lastFailure: FailedRun | null }
  | { state: "unavailable" };

export async function aroundView(changeCount = 20): Promise<AroundView> {
  const store = getStore();
  try {
    const report = await readLatest(store);
    const lastFailure = await failureSince(store, aroundCrawl.name, report?.crawledAt ?? null);
    if (!report) {
      let firms: Firm[] = [];
      try {
        firms = loadFirms();
      } catch {
        // No list built: the page says nothing is crawled yet.
      }
      return {
        state: "pending",
        firms,
        nextCrawlAt: jobsEnabled() ? (nextRun(aroundCrawl.schedule)?.toISOString() ?? null) : null,
        lastFailure,
      };
    }
    return { state: "ready", report, changes: await readChanges(store, changeCount), lastFailure };
  } catch (e) {
    if (e instanceof StoreUnavailableError) return { state: "unavailable" };
    throw e;
  }
}

export const FIELD_LABEL: Record<Change["field"], string> = {
  status: "status",
  finalUrl: "final URL",
  title: "title",
  description: "description",
  robots: "robots.txt verdict",
  content: "page text",
};

/** One change as a sentence ("title: “Old” → “New”"); a content change has no readable values. */
export function describeChange(c: Change): string {
  if (c.field === "content") return "the page text changed";
  const v = (x: string | number | null) => (x === null ? "nothing" : typeof x === "number" ? String(x) : `“${x}”`);
  return `${FIELD_LABEL[c.field]}: ${v(c.from)} → ${v(c.to)}`;
}

import { getStore } from "@/lib/store";
import { countingOn, countVisit, crawlerOf } from "./count";

let lastWarning = 0;

/**
 * Counts a page read by an identified AI crawler, after the response: the store write is
 * handed to `defer` (the proxy's waitUntil, a route's after()), so the reader never waits
 * for it. A store outage loses that count and is logged at most once a minute.
 */
export function recordCrawlerVisit(method: string, userAgent: string | null, defer: (work: Promise<unknown>) => void): void {
  if (method !== "GET") return;
  const crawler = crawlerOf(userAgent);
  if (!crawler) return;
  const store = getStore();
  if (!countingOn(store)) return;
  defer(
    countVisit(store, crawler).catch((e: Error) => {
      if (Date.now() - lastWarning < 60_000) return;
      lastWarning = Date.now();
      console.warn(`[ledger] a crawler visit was not counted: ${e.message}`);
    }),
  );
}

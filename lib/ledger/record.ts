import { processSingleton } from "@/lib/process-singleton";
import { getStore } from "@/lib/store";
import { crawlerOf } from "@/lib/crawlers";
import { countingOn, countVisits, dayOf } from "./count";

/**
 * Visits are gathered in memory and written together, at most FLUSH_MS after the first
 * one: a busy crawler costs one store write per window instead of one per page, which keeps
 * counting off the reader's path (bench/HISTORY.md#ledger-flush). A process that dies loses
 * at most that window's counts.
 */
export const FLUSH_MS = 100;

interface Queue {
  /** "YYYY-MM-DD\ttoken" → visits not yet written. */
  pending: Map<string, number>;
  flushing: Promise<void> | null;
  lastWarning: number;
}

const queue = () => processSingleton<Queue>("ledger-queue", () => ({ pending: new Map(), flushing: null, lastWarning: 0 }));

/**
 * Counts a page read by an identified AI crawler after the response: the write is handed
 * to `defer` (the proxy's waitUntil, a route's after()), so the reader never waits for it
 * and a serverless function stays alive until it is done. A store outage loses those
 * counts and is logged at most once a minute.
 */
export function recordCrawlerVisit(method: string, userAgent: string | null, defer: (work: Promise<unknown>) => void): void {
  if (method !== "GET") return;
  const crawler = crawlerOf(userAgent);
  if (!crawler) return;
  if (!countingOn(getStore())) return;
  const q = queue();
  const slot = `${dayOf(new Date())}\t${crawler.token}`;
  q.pending.set(slot, (q.pending.get(slot) ?? 0) + 1);
  q.flushing ??= new Promise<void>((r) => setTimeout(r, FLUSH_MS)).then(() => flush(q));
  defer(q.flushing);
}

async function flush(q: Queue): Promise<void> {
  const batch = [...q.pending];
  q.pending.clear();
  q.flushing = null;
  const store = getStore();
  const results = await Promise.allSettled(
    batch.map(([slot, n]) => {
      const [day, token] = slot.split("\t");
      return countVisits(store, token, day, n);
    }),
  );
  const failed = results.find((r) => r.status === "rejected");
  if (failed && Date.now() - q.lastWarning > 60_000) {
    q.lastWarning = Date.now();
    console.warn(`[ledger] crawler visits were not counted: ${(failed as PromiseRejectedResult).reason?.message ?? failed}`);
  }
}

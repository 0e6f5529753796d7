import type { Store } from "@/lib/store";
import type { z } from "zod";
import { MAX_CHANGE_SETS, type ChangeSchema } from "./schemas";
import type { AroundReport, FirmState } from "./crawl";

export type Change = z.infer<typeof ChangeSchema>;

/**
 * Store layout: the latest report under one key; each firm's last successful observation
 * under another (the baseline changes are computed against, so a firm that could not be
 * read once never turns into a "change" when it answers again); and a capped list with one
 * entry per crawl that changed anything (one atomic push per crawl, newest first). Only
 * the fields the API publishes (schemas.ts) and a hash of the visible text are kept, never a page body.
 */
export const LATEST_KEY = "around:latest";
export const BASELINE_KEY = "around:baseline";
export const CHANGES_KEY = "around:changes";

interface ChangeSet {
  detectedAt: string;
  changes: Change[];
}

const FIELDS = ["status", "finalUrl", "title", "description", "robots", "content"] as const;

function valueOf(s: FirmState, field: (typeof FIELDS)[number]): string | number | null {
  switch (field) {
    case "robots":
      return s.robots.verdict;
    case "content":
      return s.contentHash;
    default:
      return s[field];
  }
}

/**
 * Whether the crawl observed the firm: its homepage answered (any status), or its
 * robots.txt closed the homepage to us. Anything else (robots.txt unreadable, a timeout, a
 * refused connection) is the crawl's failure, which says nothing about the firm.
 */
export function wasRead(s: FirmState): boolean {
  return s.status !== null || s.robots.verdict === "disallowed";
}

/**
 * Field-by-field differences of each firm read in `next` against its last successful
 * observation in `baseline` (matched by homepage). A firm not read this time yields no
 * change. A firm whose homepage robots.txt kept closed (no status, title or body) is
 * compared only on what was observed: its status and robots verdict.
 */
export function diffReports(baseline: readonly FirmState[], next: AroundReport): Change[] {
  const before = new Map(baseline.filter(wasRead).map((f) => [f.homepage, f]));
  const changes: Change[] = [];
  for (const now of next.firms) {
    const was = before.get(now.homepage);
    if (!was || !wasRead(now)) continue;
    const unread = now.status === null || was.status === null;
    for (const field of FIELDS) {
      if (unread && (field === "title" || field === "description" || field === "content" || field === "finalUrl")) continue;
      const from = valueOf(was, field);
      const to = valueOf(now, field);
      if (from !== to) changes.push({ detectedAt: next.crawledAt, firm: now.name, homepage: now.homepage, field, from, to });
    }
  }
  return changes;
}

/**
 * Saves a crawl the job decided to publish: its changes against each firm's last
 * successful observation first, then the new latest report, then the baseline with the
 * firms read this time replaced (a firm that failed keeps its last good observation).
 */
export async function saveCrawl(store: Store, report: AroundReport): Promise<{ changes: number }> {
  const baseline = await readBaseline(store);
  const changes = diffReports(baseline, report);
  if (changes.length) await store.pushCapped(CHANGES_KEY, { detectedAt: report.crawledAt, changes } satisfies ChangeSet, MAX_CHANGE_SETS);
  await store.setJson(LATEST_KEY, report);
  const read = new Map(report.firms.filter(wasRead).map((f) => [f.homepage, f]));
  const kept = baseline.filter((f) => !read.has(f.homepage));
  await store.setJson(BASELINE_KEY, [...kept, ...read.values()]);
  return { changes: changes.length };
}

/** Each firm's last successful observation; a store written before the baseline existed gives its latest report's read firms. */
async function readBaseline(store: Store): Promise<FirmState[]> {
  const stored = await store.getJson<FirmState[]>(BASELINE_KEY);
  if (stored) return stored;
  return ((await store.getJson<AroundReport>(LATEST_KEY))?.firms ?? []).filter(wasRead);
}

export function readLatest(store: Store): Promise<AroundReport | null> {
  return store.getJson<AroundReport>(LATEST_KEY);
}

/** The newest `limit` changes; each stored set holds at least one, so `limit` sets always suffice. */
export async function readChanges(store: Store, limit: number): Promise<Change[]> {
  const sets = await store.listRecent<ChangeSet>(CHANGES_KEY, limit);
  return sets.flatMap((s) => s.changes).slice(0, limit);
}

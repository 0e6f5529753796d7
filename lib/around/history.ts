import type { Store } from "@/lib/store";
import type { z } from "zod";
import { MAX_CHANGE_SETS, type ChangeSchema } from "./schemas";
import type { AroundReport, FirmState } from "./crawl";

export type Change = z.infer<typeof ChangeSchema>;

/**
 * Store layout: the latest report under one key, and a capped list with one entry per
 * crawl that changed anything (one atomic push per crawl, newest first). Only the fields
 * of SPEC.md and a hash of the visible text are kept, never a page body.
 */
export const LATEST_KEY = "around:latest";
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
 * Field-by-field differences of each firm seen in both crawls (matched by homepage). A
 * firm that could not be read this time is not "changed to null" on fields it did not
 * observe: only its status, robots verdict and reachability differ, which is what changed.
 */
export function diffReports(prev: AroundReport, next: AroundReport): Change[] {
  const before = new Map(prev.firms.map((f) => [f.homepage, f]));
  const changes: Change[] = [];
  for (const now of next.firms) {
    const was = before.get(now.homepage);
    if (!was) continue;
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

/** Saves a finished crawl: its changes against the previous one first, then the new latest. */
export async function saveCrawl(store: Store, report: AroundReport): Promise<{ changes: number }> {
  const prev = await store.getJson<AroundReport>(LATEST_KEY);
  const changes = prev ? diffReports(prev, report) : [];
  if (changes.length) await store.pushCapped(CHANGES_KEY, { detectedAt: report.crawledAt, changes } satisfies ChangeSet, MAX_CHANGE_SETS);
  await store.setJson(LATEST_KEY, report);
  return { changes: changes.length };
}

export function readLatest(store: Store): Promise<AroundReport | null> {
  return store.getJson<AroundReport>(LATEST_KEY);
}

/** The newest `limit` changes; each stored set holds at least one, so `limit` sets always suffice. */
export async function readChanges(store: Store, limit: number): Promise<Change[]> {
  const sets = await store.listRecent<ChangeSet>(CHANGES_KEY, limit);
  return sets.flatMap((s) => s.changes).slice(0, limit);
}

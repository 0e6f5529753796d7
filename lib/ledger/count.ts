import type { Store } from "@/lib/store";
import { featureOn } from "@/lib/features";

/**
 * Counting identified AI-crawler visits (docs/owner-guide.md, the crawler ledger): one hash per UTC day,
 * `ledger:YYYY-MM-DD`, a field per crawler token, kept 40 days. The ledger reads 30.
 */
export const KEEP_DAYS = 40;
export const LEDGER_DAYS = 30;

export const dayOf = (d: Date) => d.toISOString().slice(0, 10);
export const dayKey = (day: string) => `ledger:${day}`;

/** Adds `visits` reads by `token` on a UTC `day` (YYYY-MM-DD). */
export function countVisits(store: Store, token: string, day: string, visits = 1): Promise<number> {
  return store.hincrby(dayKey(day), token, visits, KEEP_DAYS * 86_400);
}

/** The last `LEDGER_DAYS` UTC days ending today, oldest first. */
export function ledgerDays(now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: LEDGER_DAYS }, (_, i) => dayOf(new Date(today - (LEDGER_DAYS - 1 - i) * 86_400_000)));
}

/**
 * Counting needs a store shared by every instance and outliving the process (Redis or
 * Upstash); with the in-process memory store, or the ledger turned off (site.config.ts
 * `features`), it is off and /ledger.json says so (503).
 */
export function countingOn(store: Store): boolean {
  return store.kind !== "memory" && featureOn("ledger");
}

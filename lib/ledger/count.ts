import { AI_CRAWLERS, type Crawler } from "@/lib/lens/crawlers";
import type { Store } from "@/lib/store";
import { productTokens } from "@/lib/core/crawler-tokens.mjs";

/**
 * Counting identified AI-crawler visits (notes/infra.md §4c): one hash per UTC day,
 * `ledger:YYYY-MM-DD`, a field per crawler token, kept 40 days. The ledger reads 30.
 */
export const KEEP_DAYS = 40;
export const LEDGER_DAYS = 30;

const FETCHING = new Map(AI_CRAWLERS.filter((c) => !c.robotsOnly).map((c) => [c.token.toLowerCase(), c]));

/**
 * The crawler a User-Agent names, by whole product token ("GPTBot/1.2", "(compatible;
 * ClaudeBot/1.0; …)"), case-insensitively; never by substring, so "NotGPTBotReally" is
 * nobody. Robots-only tokens (Google-Extended) never appear in a User-Agent.
 */
export function crawlerOf(userAgent: string | null | undefined): Crawler | undefined {
  for (const token of productTokens(userAgent)) {
    const hit = FETCHING.get(token);
    if (hit) return hit;
  }
  return undefined;
}

/** The tokens `crawlerOf` knows, as the build records them for server.mjs (lib/core/crawler-tokens.mjs). */
export const FETCHING_TOKENS: readonly string[] = [...FETCHING.keys()];

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
 * Upstash); with the in-process memory store it is off and /ledger.json says so (503).
 */
export function countingOn(store: Store): boolean {
  return store.kind !== "memory";
}

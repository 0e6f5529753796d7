import { defineEndpoint } from "@/lib/core/endpoint";
import { ApiError } from "@/lib/core/errors";
import { aiCrawler } from "@/lib/crawlers";
import { getStore } from "@/lib/store";
import { StoreUnavailableError } from "@/lib/store/errors";
import type { Store } from "@/lib/store";
import { countingOn, dayKey, ledgerDays, LEDGER_DAYS } from "./count";
import { LedgerErrorSchema, LedgerSchema, PRICE_PER_PAGE_USD } from "./schemas";
import type { z } from "zod";

export type Ledger = z.infer<typeof LedgerSchema>;

const NOTE =
  "Visits are counted when a request's User-Agent names a known AI crawler (a User-Agent can be spoofed). One cent per page is commentary on what the reads would cost; nobody is billed.";

const usd = (pages: number) => Math.round(pages * PRICE_PER_PAGE_USD * 100) / 100;

/** The ledger of the 30 days ending on `now`'s UTC day, read in one round trip. */
export async function readLedger(store: Store, now: Date = new Date()): Promise<Ledger> {
  const dates = ledgerDays(now);
  const rows = await store.hgetallMany(dates.map(dayKey));
  const totals = new Map<string, number>();
  const days = dates.map((date, i) => {
    const crawlers = Object.fromEntries(Object.entries(rows[i]).filter(([, n]) => n > 0));
    for (const [token, n] of Object.entries(crawlers)) totals.set(token, (totals.get(token) ?? 0) + n);
    const pages = Object.values(crawlers).reduce((a, b) => a + b, 0);
    return { date, pages, usd: usd(pages), crawlers };
  });
  const crawlers = [...totals]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([token, pages]) => {
      const known = aiCrawler(token);
      return { token, owner: known?.owner ?? "unknown", role: known?.role ?? ("train" as const), pages, usd: usd(pages) };
    });
  const pages = days.reduce((a, d) => a + d.pages, 0);
  return {
    from: dates[0],
    to: dates[dates.length - 1],
    days,
    crawlers,
    pages,
    usd: usd(pages),
    pricePerPageUsd: PRICE_PER_PAGE_USD,
    note: NOTE,
  };
}

/** Error bodies keep the Ledger shape /openapi.json documents: the period, no days, zero totals. */
function emptyLedger(now: Date = new Date()): Ledger {
  const dates = ledgerDays(now);
  return {
    from: dates[0],
    to: dates[dates.length - 1],
    days: [],
    crawlers: [],
    pages: 0,
    usd: 0,
    pricePerPageUsd: PRICE_PER_PAGE_USD,
    note: NOTE,
  };
}

/** The 503 of a site that does not count crawler visits (no shared store, or the ledger turned off). */
function notCounted(): never {
  throw new ApiError("not_configured", "Crawler visits are not counted on this site.", {
    hint: "The Ledger fields of this answer are empty.",
  });
}

export const getCrawlLedger = defineEndpoint({
  name: "getCrawlLedger",
  summary: "AI-crawler visits of the last 30 days, priced",
  description: `Pages (and Markdown twins) of this site fetched by identified AI crawlers over the last ${LEDGER_DAYS} UTC days, per day and per crawler, priced at one cent per page as commentary. Crawlers are identified by their User-Agent product token against the site's crawler table. Counting needs a shared store (Redis or Upstash): without one, 503 not_configured. Error bodies carry the Ledger fields too.`,
  tag: "lens",
  policy: "read",
  output: LedgerSchema,
  outputDescription: "The ledger",
  errorExtras: () => emptyLedger(),
  errors: [
    { status: 502, code: "upstream_failed", description: "The visit counts could not be read from the store", schema: LedgerErrorSchema },
    {
      status: 503,
      code: "not_configured",
      description: "Counting is off: no shared store is configured on this site, or the ledger is turned off",
      schema: LedgerErrorSchema,
    },
  ],
  async run() {
    const store = getStore();
    if (!countingOn(store)) notCounted();
    try {
      return await readLedger(store);
    } catch (e) {
      if (e instanceof StoreUnavailableError)
        throw new ApiError("upstream_failed", "The visit counts could not be read right now.", {
          cause: e,
          hint: "Try again in a minute.",
        });
      throw e;
    }
  },
  feature: { name: "ledger", off: notCounted },
  http: { path: "/ledger.json", cache: { maxAge: 60 } },
});

import { describe, expect, it } from "vitest";
import { createMemoryStore } from "@/lib/store/memory";
import { crawlerOf } from "@/lib/crawlers";
import { countVisits, dayOf, ledgerDays } from "./count";
import type { Store } from "@/lib/store";
import { readLedger } from "./endpoint";

describe("days and the 30-day window (UTC, fake clock)", () => {
  const gpt = crawlerOf("GPTBot/1.2")!;
  const claude = crawlerOf("ClaudeBot/1.0")!;
  /** A visit at `at`, filed under its UTC day as recordCrawlerVisit files it. */
  const countVisit = (store: Store, crawler: typeof gpt, at: Date) => countVisits(store, crawler.token, dayOf(at));

  it("puts a visit at 23:59:59.999 and one at midnight on different days", async () => {
    const store = createMemoryStore();
    await countVisit(store, gpt, new Date("2026-11-23T23:59:59.999Z"));
    await countVisit(store, gpt, new Date("2026-11-24T00:00:00.000Z"));
    await countVisit(store, claude, new Date("2026-11-24T00:00:00.001Z"));
    const ledger = await readLedger(store, new Date("2026-11-24T12:00:00Z"));
    const day = (d: string) => ledger.days.find((x) => x.date === d)!;
    expect(day("2026-11-23")).toEqual({ date: "2026-11-23", pages: 1, usd: 0.01, crawlers: { GPTBot: 1 } });
    expect(day("2026-11-24")).toEqual({ date: "2026-11-24", pages: 2, usd: 0.02, crawlers: { GPTBot: 1, ClaudeBot: 1 } });
  });

  it("covers exactly the 30 days ending today, oldest first, across a month end", async () => {
    const store = createMemoryStore();
    const now = new Date("2026-12-01T00:30:00Z");
    await countVisit(store, gpt, new Date("2026-11-01T12:00:00Z")); // 31st day back: outside
    await countVisit(store, gpt, new Date("2026-11-02T00:00:00Z")); // first day of the window
    for (let i = 0; i < 250; i++) await countVisit(store, claude, now);
    const ledger = await readLedger(store, now);
    expect(ledger.days).toHaveLength(30);
    expect([ledger.from, ledger.to]).toEqual(["2026-11-02", "2026-12-01"]);
    expect(ledger.days.map((d) => d.date)).toEqual(ledgerDays(now));
    expect(ledger.pages).toBe(251);
    expect(ledger.usd).toBe(2.51);
    expect(ledger.crawlers.map((c) => [c.token, c.pages, c.usd, c.owner])).toEqual([
      ["ClaudeBot", 250, 2.5, "Anthropic"],
      ["GPTBot", 1, 0.01, "OpenAI"],
    ]);
  });
});

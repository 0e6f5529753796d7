import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Contract, call } from "./helpers/openapi";
import { httpRequest } from "./helpers/http";
import { startServer, type RunningServer } from "./helpers/server";
import { SHARED_REDIS_URL } from "./helpers/redis";
import { testPrefix } from "./helpers/redis-run";

const GPTBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)";
const CLAUDEBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";

type Ledger = { pages: number; usd: number; crawlers: { token: string; pages: number }[]; days: { date: string; pages: number }[] };

const visit = (app: RunningServer, path: string, ua: string, o: { method?: string; accept?: string } = {}) =>
  httpRequest(`${app.base}${path}`, {
    method: o.method ?? "GET",
    headers: { "user-agent": ua, ...(o.accept ? { accept: o.accept } : {}) },
  });

/** Counting happens after the response; poll until the ledger settles on `pages`. */
async function ledgerWhen(app: RunningServer, contract: Contract, pages: number): Promise<Ledger> {
  let last: Ledger | undefined;
  // A deadline, not a count of tries: under load the count's write to Redis can take seconds.
  for (const until = Date.now() + 30_000; Date.now() < until;) {
    const r = await call(contract, app.base, "/ledger.json");
    expect(r.status).toBe(200);
    last = r.body as Ledger;
    if (last.pages >= pages) break;
    await new Promise((res) => setTimeout(res, 50));
  }
  return last!;
}

const byToken = (l: Ledger) => Object.fromEntries(l.crawlers.map((c) => [c.token, c.pages]));

describe.each(["next start", "npm start"] as const)("counted from real requests under %s", (via) => {
  let app: RunningServer;
  let contract: Contract;
  beforeAll(async () => {
    app = await startServer({ REDIS_URL: SHARED_REDIS_URL, STORE_PREFIX: testPrefix(`ledger-${via.replace(" ", "")}`) }, via);
    contract = await Contract.load(app.base);
  });
  afterAll(() => app?.stop());

  it("counts each page and twin a crawler reads, once, and nothing else", async () => {
    const counted = [
      await visit(app, "/", GPTBOT),
      await visit(app, "/about", GPTBOT),
      await visit(app, "/writing/rate-limits-for-humans", GPTBOT),
      await visit(app, "/about.md", GPTBOT), // the twin, rewritten (next start) or routed (npm start) to /twins
      await visit(app, "/uses", GPTBOT, { accept: "text/markdown" }),
      await visit(app, "/photos", CLAUDEBOT),
    ];
    for (const r of counted) expect(r.status).toBe(200);
    const ignored = [
      await visit(app, "/about", BROWSER),
      await visit(app, "/about.md", BROWSER),
      await visit(app, "/search.json?q=tide", GPTBOT), // the API is not a page
      await visit(app, "/no-such-page", GPTBOT), // a 404 is not a page read
      await visit(app, "/about", GPTBOT, { method: "POST" }), // 405
      await visit(app, "/about", GPTBOT, { method: "HEAD" }),
    ];
    expect(ignored.map((r) => r.status)).toEqual([200, 200, 200, 404, 405, 200]);

    const ledger = await ledgerWhen(app, contract, 6);
    // Settled: a late count would show up now.
    await new Promise((r) => setTimeout(r, 300));
    const settled = (await call(contract, app.base, "/ledger.json")).body as Ledger;
    expect(settled.pages).toBe(6);
    expect(byToken(ledger)).toEqual({ GPTBot: 5, ClaudeBot: 1 });
    expect(settled.usd).toBe(0.06);
    expect(settled.days).toHaveLength(30);
    expect(settled.days.at(-1)).toMatchObject({ date: new Date().toISOString().slice(0, 10), pages: 6 });
  });

  it("shows the chart, the totals and the price on the ledger page", async () => {
    const html = await (await fetch(`${app.base}/ledger`)).text();
    expect(html).toContain('role="img"');
    expect(html).toMatch(/<th scope="row">GPTBot<\/th>/);
    expect(html).toContain("$0.06");
  });
});

describe("error bodies in the Ledger shape", () => {
  it("503 not_configured when there is no shared store to count in", async () => {
    const app = await startServer({});
    try {
      const contract = await Contract.load(app.base);
      const r = await call(contract, app.base, "/ledger.json");
      expect(r.status).toBe(503);
      // Not configured lasts until the owner acts: nothing to retry after.
      expect(r.headers.get("retry-after")).toBeNull();
      expect(r.body).not.toHaveProperty("retryAfter");
      expect(r.body).toMatchObject({ ok: false, code: "not_configured", days: [], crawlers: [], pages: 0, usd: 0, pricePerPageUsd: 0.01 });
      // The ledger is off without a shared store (features.ledger "auto"): no page (tests/features-http.test.ts).
      expect((await fetch(`${app.base}/ledger`)).status).toBe(404);
    } finally {
      await app.stop();
    }
  });

  it("502 upstream_failed when the store cannot be read, while pages keep serving crawlers", async () => {
    const app = await startServer({ REDIS_URL: "redis://127.0.0.1:1", STORE_TIMEOUT_MS: "200" });
    try {
      const contract = await Contract.load(app.base);
      expect((await visit(app, "/about", GPTBOT)).status).toBe(200);
      const r = await call(contract, app.base, "/ledger.json");
      expect(r.status).toBe(502);
      expect(r.body).toMatchObject({ ok: false, code: "upstream_failed", days: [], pages: 0 });
      expect(typeof (r.body as { from: string }).from).toBe("string");
    } finally {
      await app.stop();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Contract, call, type ApiResult } from "./helpers/openapi";
import { startServer, type RunningServer } from "./helpers/server";
import { SHARED_REDIS_URL } from "./helpers/redis";
import { startUpstashShim, type UpstashShim } from "./helpers/upstash-shim";

const PATH = "/health.json"; // a read-policy endpoint: 120 per 60 s

async function burst(contract: Contract, server: RunningServer, n: number, options: Parameters<typeof call>[3] = {}) {
  return Promise.all(Array.from({ length: n }, () => call(contract, server.base, PATH, options)));
}

function expect429Shape(r: ApiResult) {
  expect(r.status).toBe(429);
  const retry = r.headers.get("retry-after")!;
  expect(retry).toMatch(/^\d+$/);
  expect(Number(retry)).toBeGreaterThanOrEqual(1);
  expect(Number(retry)).toBeLessThanOrEqual(60);
  expect(r.headers.get("ratelimit-policy")).toBe('"read";q=120;w=60');
  expect(r.headers.get("ratelimit")).toMatch(/^"read";r=0;t=\d+$/);
  expect(r.body).toMatchObject({ ok: false, code: "rate_limited", status: 429, retryAfter: Number(retry) });
}

describe("read budget with the memory store (what `npm start` uses)", () => {
  let server: RunningServer;
  let contract: Contract;
  beforeAll(async () => {
    server = await startServer();
    contract = await Contract.load(server.base);
  });
  afterAll(() => server?.stop());

  it("allows exactly 120 of 150 simultaneous requests; the rest get a well-formed 429", async () => {
    const results = await burst(contract, server, 150, { localAddress: "127.0.0.1" });
    expect(results.filter((r) => r.status === 200)).toHaveLength(120);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(30);
    refused.forEach(expect429Shape);
    const remaining = results.filter((r) => r.status === 200).map((r) => Number(/r=(\d+)/.exec(r.headers.get("ratelimit")!)![1]));
    expect(remaining.sort((a, b) => a - b)).toEqual(Array.from({ length: 120 }, (_, i) => i));
  });

  it("a forged X-Forwarded-For (or the server's own header) buys no fresh budget", async () => {
    for (const headers of <Record<string, string>[]>[
      { "x-forwarded-for": "203.0.113.7" },
      { "x-real-ip": "203.0.113.8" },
      { "x-site-socket-ip": "127.0.0.77" },
    ]) {
      expect429Shape(await call(contract, server.base, PATH, { localAddress: "127.0.0.1", headers }));
    }
  });

  it("counts each caller separately (another source address has its own budget)", async () => {
    const other = await call(contract, server.base, PATH, { localAddress: "127.0.0.2" });
    expect(other.status).toBe(200);
    expect(other.headers.get("ratelimit")).toBe('"read";r=119;t=60');
  });

  it("is one budget across every read endpoint, not one per route", async () => {
    const spread = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        call(contract, server.base, ["/health.json", "/openapi.json", "/.well-known/api-catalog"][i % 3], { localAddress: "127.0.0.4" }),
      ),
    );
    expect(spread.every((r) => r.status === 200)).toBe(true);
    expect429Shape(await call(contract, server.base, "/health.json", { localAddress: "127.0.0.4" }));
  });

  it("counts the real caller behind a Markdown-twin rewrite (which Next sends through the server again)", async () => {
    const md = { accept: "text/markdown" };
    const a = await call(contract, server.base, "/developers", { localAddress: "127.0.0.21", headers: md });
    const b = await call(contract, server.base, "/developers", { localAddress: "127.0.0.22", headers: md });
    expect(a.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(a.headers.get("ratelimit")).toMatch(/^"read";r=119;/);
    expect(b.headers.get("ratelimit")).toMatch(/^"read";r=119;/);
  });

  it("does not count OPTIONS preflights or 405s", async () => {
    const r = await call(contract, server.base, PATH, { localAddress: "127.0.0.3", method: "OPTIONS" });
    expect(r.status).toBe(204);
    await call(contract, server.base, PATH, { localAddress: "127.0.0.3", method: "DELETE" });
    const first = await call(contract, server.base, PATH, { localAddress: "127.0.0.3" });
    expect(first.headers.get("ratelimit")).toMatch(/^"read";r=119;/);
  });
});

describe("TRUST_PROXY_HEADER", () => {
  let server: RunningServer;
  let contract: Contract;
  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY_HEADER: "X-Forwarded-For" });
    contract = await Contract.load(server.base);
  });
  afterAll(() => server?.stop());

  it("counts by the right-most entry the trusted proxy appended, not what the client forged", async () => {
    const as = (chain: string) => call(contract, server.base, PATH, { headers: { "x-forwarded-for": chain } });
    const a = await burst(contract, server, 120, { headers: { "x-forwarded-for": "198.51.100.1" } });
    expect(a.every((r) => r.status === 200)).toBe(true);
    // The client forges a left-hand entry; the proxy appended the real address last.
    expect429Shape(await as("192.0.2.55, 198.51.100.1"));
    expect((await as("198.51.100.1, 198.51.100.2")).status).toBe(200);
  });
});

describe.each([
  // A generous store deadline: a burst through the test shim on two cores is slow, and a
  // timed-out count falls back to the local limiter (by design), which would blur "exactly".
  ["redis", async () => ({ env: { REDIS_URL: SHARED_REDIS_URL, STORE_TIMEOUT_MS: "5000" }, close: async () => {} })],
  [
    "upstash",
    async () => {
      const shim: UpstashShim = await startUpstashShim(SHARED_REDIS_URL);
      return {
        env: { UPSTASH_REDIS_REST_URL: shim.url, UPSTASH_REDIS_REST_TOKEN: shim.token, STORE_TIMEOUT_MS: "5000" },
        close: () => shim.close(),
      };
    },
  ],
] as const)("read budget with the %s store", (kind, setup) => {
  let server: RunningServer;
  let contract: Contract;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const s = await setup();
    close = s.close;
    server = await startServer(s.env);
    contract = await Contract.load(server.base);
  });
  afterAll(async () => {
    await server?.stop();
    await close?.();
  });

  it("holds exactly under concurrency against the real Redis", async () => {
    const health = await call(contract, server.base, PATH, { localAddress: "127.0.0.5" });
    expect((health.body as { store: { kind: string } }).store.kind).toBe(kind);
    const results = await burst(contract, server, 130, { localAddress: "127.0.0.6" });
    expect(results.filter((r) => r.status === 200)).toHaveLength(120);
    results.filter((r) => r.status !== 200).forEach(expect429Shape);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Contract, call } from "./helpers/openapi";
import { startServer, type RunningServer } from "./helpers/server";
import { ThrowawayRedis } from "./helpers/redis";

/**
 * Redis goes away while the server runs, then comes back: nothing crashes, limits fall back
 * to a local limiter (logged once), store-backed endpoints answer 503 storage_unavailable,
 * everything else keeps serving, and the returning Redis is used again.
 */
let redis: ThrowawayRedis;
let server: RunningServer;
let contract: Contract;

beforeAll(async () => {
  redis = new ThrowawayRedis();
  await redis.start();
  server = await startServer({ REDIS_URL: redis.url });
  contract = await Contract.load(server.base);
});
afterAll(async () => {
  await server?.stop();
  await redis?.stop();
});

const until = async (what: string, check: () => Promise<boolean>, ms = 15_000) => {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe("Redis killed and restarted under a running server", () => {
  it("serves from Redis while it is up", async () => {
    const r = await call(contract, server.base, "/health.json");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ store: { kind: "redis", reachable: true }, limiter: { backend: "redis" } });
  });

  it("degrades without crashing while Redis is down", async () => {
    await redis.stop();
    const health = await call(contract, server.base, "/health.json");
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ ok: false, code: "storage_unavailable", status: 503 });
    expect(health.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((health.body as { retryAfter: number }).retryAfter).toBe(Number(health.headers.get("retry-after")));
    expect(health.headers.get("ratelimit-policy")).toBe('"read";q=120;w=60');

    for (let i = 0; i < 5; i++) {
      const doc = await call(contract, server.base, "/openapi.json");
      expect(doc.status).toBe(200);
      expect(doc.headers.get("ratelimit")).toMatch(/^"read";r=\d+;t=\d+$/);
    }
    const catalog = await call(contract, server.base, "/.well-known/api-catalog");
    expect(catalog.status).toBe(200);
    const page = await call(contract, server.base, "/developers", { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);

    for (let i = 0; i < 10; i++) expect((await call(contract, server.base, "/health.json")).status).toBe(503);
    const log = server.output();
    expect(log.match(/counting in process memory/g), log).toHaveLength(1);
    // One line says the store is gone, not one per request that met the outage.
    expect(log.match(/redis unreachable/g), log).toHaveLength(1);
    expect(log).not.toMatch(/\[api\]/);
    expect(log).not.toMatch(/unexpected error|unhandled/i);
  });

  it("still limits while degraded (the local limiter counts)", async () => {
    const results = await Promise.all(
      Array.from({ length: 130 }, () => call(contract, server.base, "/openapi.json", { localAddress: "127.0.0.9" })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(120);
    expect(results.filter((r) => r.status === 429)).toHaveLength(10);
  });

  it("uses Redis again when it returns", async () => {
    await redis.start();
    await until("health to recover", async () => (await call(contract, server.base, "/health.json")).status === 200);
    await until("the limiter to go back to Redis", async () => {
      await call(contract, server.base, "/openapi.json", { localAddress: "127.0.0.10" });
      return /back; counting there again/.test(server.output());
    });
    const r = await call(contract, server.base, "/health.json", { localAddress: "127.0.0.11" });
    expect(r.body).toMatchObject({ store: { kind: "redis", reachable: true } });
    expect(server.output()).not.toMatch(/unexpected error|unhandled/i);
  });
});

/**
 * A Redis that hangs instead of dying (SIGSTOP: connections stay open, nothing answers)
 * costs a request at most the store deadline: limits fall back to local counting, the
 * store answers 503, and nothing waits forever.
 */
describe("Redis paused under a running server", () => {
  const paused = new ThrowawayRedis();
  let app: RunningServer;
  let c: Contract;
  beforeAll(async () => {
    await paused.start();
    app = await startServer({ REDIS_URL: paused.url, STORE_TIMEOUT_MS: "300" });
    c = await Contract.load(app.base);
  });
  afterAll(async () => {
    paused.resume();
    await app?.stop();
    await paused.stop();
  });

  it("answers within the deadline while Redis hangs, and uses it again once it wakes", async () => {
    expect((await call(c, app.base, "/health.json")).status).toBe(200);
    paused.pause();
    const timed = async (path: string) => {
      const started = Date.now();
      const r = await call(c, app.base, path);
      return { r, ms: Date.now() - started };
    };
    const search = await timed("/search.json?q=carburetor");
    expect(search.r.status).toBe(200);
    expect(search.ms).toBeLessThan(2_000);
    const health = await timed("/health.json");
    expect(health.r.status).toBe(503);
    expect(health.r.body).toMatchObject({ code: "storage_unavailable" });
    expect(health.ms).toBeLessThan(2_000);
    expect(app.output()).toMatch(/counting in process memory/);
    paused.resume();
    await until("health to recover", async () => (await call(c, app.base, "/health.json")).status === 200);
  }, 30_000);
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryLimiter, createRedisLimiter, createUpstashLimiter, withLocalFallback, type Limiter } from "./limiter";
import { policies, policyHeader, rateLimitHeader } from "./policies";
import { createRedisClient, type RedisClient } from "@/lib/store/redis";
import { createUpstashClient } from "@/lib/store/upstash";
import { SHARED_REDIS_URL, ThrowawayRedis } from "@/tests/helpers/redis";
import { startUpstashShim, type UpstashShim } from "@/tests/helpers/upstash-shim";
import { testPrefix } from "@/tests/helpers/redis-run";

const quiet = () => {};
let client: RedisClient;
let shim: UpstashShim;
const run = testPrefix("limiter");

beforeAll(async () => {
  client = createRedisClient(SHARED_REDIS_URL, quiet);
  for (let i = 0; i < 50 && !client.isReady; i++) await new Promise((r) => setTimeout(r, 20));
  shim = await startUpstashShim(SHARED_REDIS_URL);
});
afterAll(async () => {
  await client.close().catch(() => {});
  await shim.close();
});

describe("policy headers", () => {
  it("use the IETF structured-field form", () => {
    expect(policyHeader(policies.read)).toBe('"read";q=120;w=60');
    expect(rateLimitHeader(policies.read, 87, 23)).toBe('"read";r=87;t=23');
    expect(rateLimitHeader(policies.compare, -3, 5)).toBe('"compare";r=0;t=5');
  });
  it("match the Limits table of the spec", () => {
    expect(
      [policies.read, policies.inspect, policies.compare, policies["ask-model"]].map((p) => [p.limit, p.windowSeconds, p.soft]),
    ).toEqual([
      [120, 60, false],
      [30, 60, false],
      [4, 60, false],
      [20, 60, true],
    ]);
  });
});

const limiters: [string, () => Limiter][] = [
  ["memory", () => createMemoryLimiter()],
  ["redis", () => createRedisLimiter(client, `${run}:lt-redis-${Math.random()}`)],
  ["upstash", () => createUpstashLimiter(createUpstashClient(shim.url, shim.token, 2000), 2000, `${run}:lt-up-${Math.random()}`)],
];

describe.each(limiters)("%s limiter", (_name, make) => {
  it("allows exactly q of 50 simultaneous requests (inspect, q=30)", async () => {
    const limiter = make();
    const results = await Promise.all(Array.from({ length: 50 }, () => limiter.consume(policies.inspect, "caller-a")));
    expect(results.filter((r) => r.allowed)).toHaveLength(30);
    const remaining = results
      .filter((r) => r.allowed)
      .map((r) => r.remaining)
      .sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: 30 }, (_, i) => i));
    for (const r of results.filter((x) => !x.allowed)) {
      expect(r.remaining).toBe(0);
      expect(r.resetSeconds).toBeGreaterThanOrEqual(1);
      expect(r.resetSeconds).toBeLessThanOrEqual(60);
    }
  });

  it("counts each caller and each policy separately", async () => {
    const limiter = make();
    for (let i = 0; i < 4; i++) expect((await limiter.consume(policies.compare, "caller-a")).allowed).toBe(true);
    expect((await limiter.consume(policies.compare, "caller-a")).allowed).toBe(false);
    expect((await limiter.consume(policies.compare, "caller-b")).allowed).toBe(true);
    expect((await limiter.consume(policies.inspect, "caller-a")).allowed).toBe(true);
  });
});

describe.each(limiters)("%s limiter: a sliding window", (_name, make) => {
  const short = { name: "compare", limit: 5, windowSeconds: 1, soft: false, description: "test" } as const;

  it("lets no window-long interval through more than q, even across what would be a fixed window's edge", async () => {
    const limiter = make();
    const first = await Promise.all(Array.from({ length: 5 }, () => limiter.consume(short, "edge")));
    expect(first.every((r) => r.allowed)).toBe(true);
    await new Promise((r) => setTimeout(r, 550));
    const second = await Promise.all(Array.from({ length: 5 }, () => limiter.consume(short, "edge")));
    expect(second.filter((r) => r.allowed)).toHaveLength(0);
    expect(second[0].resetSeconds).toBe(1);
    await new Promise((r) => setTimeout(r, 600));
    const third = await Promise.all(Array.from({ length: 6 }, () => limiter.consume(short, "edge")));
    expect(third.filter((r) => r.allowed)).toHaveLength(5);
  });
});

describe("the memory limiter against a clock", () => {
  it("refuses q more just after a fixed window's edge, and frees one slot as each request ages out", async () => {
    let t = 1_000_000;
    const limiter = createMemoryLimiter(() => t);
    const p = policies.read;
    t += 59_900;
    for (let i = 0; i < 120; i++) expect((await limiter.consume(p, "c")).allowed).toBe(true);
    t += 200; // a fixed window starting at 1,000,000 would have reset here
    const refused = await limiter.consume(p, "c");
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.resetSeconds).toBe(60);
    t += 59_800; // 60 s after the burst: all of it has left the window
    expect((await limiter.consume(p, "c")).allowed).toBe(true);
  });
});

describe("local fallback", () => {
  it("counts in memory while Redis is down (logged once), then uses Redis again", async () => {
    const redis = new ThrowawayRedis();
    await redis.start();
    const c = createRedisClient(redis.url, quiet);
    for (let i = 0; i < 50 && !c.isReady; i++) await new Promise((r) => setTimeout(r, 20));
    const logs: string[] = [];
    const limiter = withLocalFallback(createRedisLimiter(c, `${run}:fb`), (m) => logs.push(m));

    expect((await limiter.consume(policies.compare, "x")).remaining).toBe(3);
    await redis.stop();
    // The local limiter starts its own window: 4 more allowed, the 5th refused, one log line.
    const during = [];
    for (let i = 0; i < 5; i++) during.push(await limiter.consume(policies.compare, "x"));
    expect(during.map((r) => r.allowed)).toEqual([true, true, true, true, false]);
    expect(logs.filter((l) => l.includes("counting in process memory"))).toHaveLength(1);

    await redis.start(); // same port, empty data
    let result;
    for (let i = 0; i < 100; i++) {
      result = await limiter.consume(policies.read, `after-${i}`);
      if (logs.some((l) => l.includes("is back"))) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(logs.some((l) => l.includes("is back"))).toBe(true);
    expect(result?.allowed).toBe(true);
    // Back on Redis: the new server holds this caller's count.
    const key = `${run}:fb:rl:read:after-fresh`;
    await limiter.consume(policies.read, "after-fresh");
    expect(await c.zCard(key)).toBe(1);
    await c.close().catch(() => {});
    await redis.stop();
  });
});

describe("a shared limiter behind a busy event loop", () => {
  it("keeps counting in Redis: a reply that waited behind a stall is not an outage", async () => {
    const logged: string[] = [];
    const limiter = withLocalFallback(createRedisLimiter(client, `${run}:busy`, 200), (m) => logged.push(m));
    for (let i = 0; i < 3; i++) {
      const pending = limiter.consume(policies.read, "busy-caller");
      await new Promise((r) => setImmediate(r));
      const until = performance.now() + 600;
      while (performance.now() < until);
      expect((await pending).remaining).toBe(policies.read.limit - 1 - i);
    }
    expect(logged).toEqual([]);
  });
});

import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createMemoryStore } from "./memory";
import { createRedisClient, createRedisStore, type RedisClient } from "./redis";
import { createUpstashClient, createUpstashStore } from "./upstash";
import type { Store } from "./types";
import { StoreUnavailableError } from "./errors";
import { SHARED_REDIS_URL, ThrowawayRedis } from "@/tests/helpers/redis";
import { startUpstashShim, type UpstashShim } from "@/tests/helpers/upstash-shim";
import { testPrefix } from "@/tests/helpers/redis-run";

const quiet = () => {};
let redisClient: RedisClient;
let shim: UpstashShim;
const prefix = `${testPrefix("store")}:`;

beforeAll(async () => {
  redisClient = createRedisClient(SHARED_REDIS_URL, quiet);
  for (let i = 0; i < 50 && !redisClient.isReady; i++) await new Promise((r) => setTimeout(r, 20));
  shim = await startUpstashShim(SHARED_REDIS_URL);
});
afterAll(async () => {
  await redisClient.close().catch(() => {});
  await shim.close();
});

const backends: [string, () => Store][] = [
  ["memory", () => createMemoryStore()],
  ["redis", () => createRedisStore(redisClient, 1000, `${prefix}redis:`)],
  ["upstash", () => createUpstashStore(createUpstashClient(shim.url, shim.token, 1000), `${prefix}upstash:`, 1000)],
];

describe.each(backends)("%s store", (_name, make) => {
  it("round-trips JSON values and deletes them", async () => {
    const s = make();
    expect(await s.getJson("missing")).toBeNull();
    const value = { a: 1, b: ["x", null, true], c: { d: "ünïcødé ✓" } };
    await s.setJson("k", value);
    expect(await s.getJson("k")).toEqual(value);
    await s.del("k");
    expect(await s.getJson("k")).toBeNull();
  });

  it("expires values with a ttl", async () => {
    const s = make();
    await s.setJson("ttl", 1, { ttlSeconds: 1 });
    expect(await s.getJson("ttl")).toBe(1);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await s.getJson("ttl")).toBeNull();
  });

  it("counts hash fields atomically under concurrency and reads many hashes at once", async () => {
    const s = make();
    await Promise.all(Array.from({ length: 40 }, () => s.hincrby("h1", "GPTBot", 1, 60)));
    await s.hincrby("h1", "ClaudeBot", 3, 60);
    const [h1, h2] = await s.hgetallMany(["h1", "h2-missing"]);
    expect(h1).toEqual({ GPTBot: 40, ClaudeBot: 3 });
    expect(h2).toEqual({});
  });

  it("grants a lease to one holder at a time, frees it on release or expiry, and never releases another's", async () => {
    const s = make();
    const key = `lease-${Math.random()}`;
    const takers = await Promise.all(["a", "b", "c", "d"].map((t) => s.acquire(key, t, 1)));
    expect(takers.filter(Boolean)).toHaveLength(1);
    const holder = ["a", "b", "c", "d"][takers.indexOf(true)];
    expect(await s.release(key, "someone-else")).toBe(false);
    expect(await s.acquire(key, "e", 1)).toBe(false);
    expect(await s.release(key, holder)).toBe(true);
    expect(await s.acquire(key, "e", 1)).toBe(true);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await s.acquire(key, "f", 30)).toBe(true);
    expect(await s.release(key, "e")).toBe(false);
    expect(await s.release(key, "f")).toBe(true);
  });

  it("keeps only the newest entries of a capped list", async () => {
    const s = make();
    for (let i = 0; i < 7; i++) await s.pushCapped("list", { i }, 5);
    expect(await s.listRecent("list", 10)).toEqual([{ i: 6 }, { i: 5 }, { i: 4 }, { i: 3 }, { i: 2 }]);
    expect(await s.listRecent("list", 2)).toEqual([{ i: 6 }, { i: 5 }]);
  });

  it("answers a ping", async () => {
    await expect(make().ping()).resolves.toBeUndefined();
  });
});

/** Blocks the event loop as a long synchronous task (a big render, a regex) would. */
export function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe("a Redis command", () => {
  it("leaves nothing behind once answered (node-redis's own per-command timer kept ~450 bytes alive 5 s after each)", async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const store = createRedisStore(redisClient, 1000, `${prefix}retained:`);
    await store.getJson("k");
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 10_000; i++) await store.getJson("k");
    gc();
    // 10,000 answered commands: ~4.5 MB still held with the default timer, well under 2 MB without.
    expect((process.memoryUsage().heapUsed - before) / 1e6).toBeLessThan(2);
  });
});

describe("a healthy store behind a busy event loop", () => {
  it.each([
    ["redis", () => createRedisStore(redisClient, 200, `${prefix}busy:`)],
    ["upstash", () => createUpstashStore(createUpstashClient(shim.url, shim.token, 200), `${prefix}busy-u:`, 200)],
  ] as const)("%s: a reply that waited behind a 600 ms stall is not a timeout", async (_name, make) => {
    const s = make();
    await s.setJson("busy", 1);
    for (let i = 0; i < 3; i++) {
      const pending = s.getJson("busy");
      // One turn, so the command is on the wire and its deadline armed; the reply then waits behind the stall.
      await new Promise((r) => setImmediate(r));
      busyFor(600);
      await expect(pending).resolves.toBe(1);
    }
  });

  it("a store that really hangs still fails within twice its deadline", async () => {
    const redis = new ThrowawayRedis();
    await redis.start();
    const client = createRedisClient(redis.url, quiet);
    const store = createRedisStore(client, 200, prefix);
    for (let i = 0; i < 50 && !client.isReady; i++) await new Promise((r) => setTimeout(r, 20));
    redis.pause();
    try {
      const started = performance.now();
      const pending = store.getJson("x");
      await new Promise((r) => setImmediate(r));
      busyFor(300);
      await expect(pending).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(performance.now() - started).toBeLessThan(1000);
    } finally {
      redis.resume();
      await store.close();
      await redis.stop();
    }
  });
});

describe("an outage in the log", () => {
  it("is one line when a hung Redis starts failing and one when it answers again, however many calls meet it", async () => {
    const redis = new ThrowawayRedis();
    await redis.start();
    const client = createRedisClient(redis.url, quiet);
    const logged: string[] = [];
    const store = createRedisStore(client, 150, prefix, (m) => logged.push(m));
    for (let i = 0; i < 50 && !client.isReady; i++) await new Promise((r) => setTimeout(r, 20));
    try {
      redis.pause();
      for (let i = 0; i < 5; i++) await expect(store.getJson("x")).rejects.toBeInstanceOf(StoreUnavailableError);
      redis.resume();
      for (let i = 0; i < 3; i++) await store.getJson("x");
      expect(logged).toHaveLength(2);
      expect(logged[0]).toMatch(/^\[store\] redis get failed: get timed out after 150 ms; answering 503/);
      expect(logged[1]).toBe("[store] redis answers again");
    } finally {
      redis.resume();
      await store.close();
      await redis.stop();
    }
  });
});

describe("an unreachable store", () => {
  it("redis: fails fast with StoreUnavailableError and recovers when Redis returns", async () => {
    const redis = new ThrowawayRedis();
    await redis.start();
    const client = createRedisClient(redis.url, quiet);
    const store = createRedisStore(client, 500, prefix);
    for (let i = 0; i < 50 && !client.isReady; i++) await new Promise((r) => setTimeout(r, 20));
    await store.setJson("kept", { v: 1 });
    await redis.stop();
    await expect(store.getJson("kept")).rejects.toBeInstanceOf(StoreUnavailableError);
    await redis.start();
    let back = false;
    for (let i = 0; i < 100 && !back; i++) {
      back = await store.ping().then(
        () => true,
        () => false,
      );
      if (!back) await new Promise((r) => setTimeout(r, 50));
    }
    expect(back).toBe(true);
    await store.close();
    await redis.stop();
  });

  it("upstash: a refused connection is StoreUnavailableError, not a crash", async () => {
    const dead = await startUpstashShim(SHARED_REDIS_URL);
    const url = dead.url;
    await dead.close();
    const store = createUpstashStore(createUpstashClient(url, "t", 500));
    await expect(store.getJson("x")).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});

describe("StoreUnavailableError", () => {
  it("is recognised across copies of the module, as Next's per-route bundles make", async () => {
    vi.resetModules();
    const copy = await import("./errors");
    expect(copy.StoreUnavailableError).not.toBe(StoreUnavailableError);
    expect(new copy.StoreUnavailableError("down") instanceof StoreUnavailableError).toBe(true);
    expect(new Error("down") instanceof StoreUnavailableError).toBe(false);
  });
});

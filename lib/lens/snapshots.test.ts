import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryStore } from "@/lib/store/memory";
import { createRedisClient, createRedisStore, type RedisClient } from "@/lib/store/redis";
import type { Store } from "@/lib/store";
import { SHARED_REDIS_URL } from "@/tests/helpers/redis";
import { diffSnapshots, listSnapshots, MAX_SNAPSHOTS, storeSnapshot, type Snapshot } from "./snapshots";
import { testPrefix } from "@/tests/helpers/redis-run";

let redisClient: RedisClient;
beforeAll(async () => {
  redisClient = createRedisClient(SHARED_REDIS_URL, () => {});
  for (let i = 0; i < 50 && !redisClient.isReady; i++) await new Promise((r) => setTimeout(r, 20));
});
afterAll(() => redisClient.close().catch(() => {}));

const row = (n: number, over: Partial<Snapshot> = {}): Snapshot => ({
  id: `row-${n}`,
  url: `https://example.org/${n % 3}`,
  finalUrl: `https://example.org/${n % 3}`,
  capturedAt: new Date(Date.UTC(2026, 10, 1, 0, n)).toISOString(),
  status: 200,
  title: `Page ${n % 3}`,
  wordCount: 100,
  contentHash: "a".repeat(64),
  readiness: null,
  tier: null,
  ...over,
});

const backends: [string, () => Store][] = [
  ["memory", () => createMemoryStore()],
  ["redis", () => createRedisStore(redisClient, 1000, `${testPrefix("snapshots")}:`)],
];

describe.each(backends)("snapshot rows in the %s store", (_name, make) => {
  it("are listed newest first, filtered by URL, and capped", async () => {
    const store = make();
    for (let i = 0; i < 5; i++) await storeSnapshot(store, row(i));
    expect((await listSnapshots(store, 10)).map((r) => r.id)).toEqual(["row-4", "row-3", "row-2", "row-1", "row-0"]);
    expect((await listSnapshots(store, 2)).map((r) => r.id)).toEqual(["row-4", "row-3"]);
    expect((await listSnapshots(store, 10, "https://example.org/1")).map((r) => r.id)).toEqual(["row-4", "row-1"]);
  });

  it(`keep the newest ${MAX_SNAPSHOTS} rows`, async () => {
    const store = make();
    for (let i = 0; i < MAX_SNAPSHOTS + 3; i++) await storeSnapshot(store, row(i));
    const all = await listSnapshots(store, MAX_SNAPSHOTS + 10);
    expect(all).toHaveLength(MAX_SNAPSHOTS);
    expect(all[0].id).toBe(`row-${MAX_SNAPSHOTS + 2}`);
  });
});

describe("diffSnapshots", () => {
  it("names every compared field that changed, and nothing else", () => {
    const a = row(1);
    expect(diffSnapshots(a, { ...a, id: "other", capturedAt: "2026-11-02T00:00:00.000Z" })).toEqual({
      sameUrl: true,
      changed: false,
      differences: [],
    });
    const d = diffSnapshots(a, { ...a, status: 503, title: "Down", contentHash: "b".repeat(64) });
    expect(d.changed).toBe(true);
    expect(d.differences).toEqual([
      { field: "status", left: 200, right: 503 },
      { field: "title", left: "Page 1", right: "Down" },
      { field: "contentHash", left: "a".repeat(64), right: "b".repeat(64) },
    ]);
  });
});

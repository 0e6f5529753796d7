import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedisClient, createRedisStore, type RedisClient } from "@/lib/store/redis";
import { createMemoryStore } from "@/lib/store/memory";
import type { Store } from "@/lib/store";
import { SHARED_REDIS_URL } from "@/tests/helpers/redis";
import { lastRunKey, runJob } from "./run";
import type { Job, JobContext } from "./types";
import { testPrefix } from "@/tests/helpers/redis-run";

const clients: RedisClient[] = [];
const prefix = `${testPrefix("jobs")}:`;

/** A separate connection per "instance", as two servers sharing one Redis would have. */
function instance(): Store {
  const c = createRedisClient(SHARED_REDIS_URL, () => {});
  clients.push(c);
  return createRedisStore(c, 1000, prefix);
}
beforeAll(async () => {
  instance();
  for (let i = 0; i < 50 && !clients[0].isReady; i++) await new Promise((r) => setTimeout(r, 20));
});
afterAll(async () => Promise.all(clients.map((c) => c.close().catch(() => {}))));

const ctx = (store: Store): JobContext => ({
  store,
  now: () => new Date(),
  base: "https://me.example",
  signal: new AbortController().signal,
  log: () => {},
});

function slowJob(name: string, ms: number, runs: { n: number }): Job {
  return {
    name,
    description: "test",
    schedule: "0 6 * * *",
    reachesPublicSites: false,
    leaseSeconds: 30,
    async run() {
      runs.n++;
      await new Promise((r) => setTimeout(r, ms));
      return { summary: { done: true } };
    },
  };
}

describe("the job lease", () => {
  it("lets exactly one of two instances run a job at a time, and the other skips", async () => {
    const runs = { n: 0 };
    const job = slowJob(`twice-${Math.random()}`, 300, runs);
    const [a, b] = await Promise.all([runJob(job, "schedule", ctx(instance())), runJob(job, "cron", ctx(instance()))]);
    expect([a.status, b.status].sort()).toEqual(["ran", "skipped"]);
    expect(runs.n).toBe(1);
    // Released after the run: the next tick runs again.
    expect((await runJob(job, "manual", ctx(instance()))).status).toBe("ran");
    expect(runs.n).toBe(2);
  });

  it("frees the lease of a runner that died mid-run once its lease expires", async () => {
    const runs = { n: 0 };
    const job = { ...slowJob(`crashed-${Math.random()}`, 0, runs), leaseSeconds: 1 };
    const store = instance();
    // A runner took the lease and died without releasing it.
    expect(await store.acquire(`jobs:lease:${job.name}`, "dead-runner", 1)).toBe(true);
    expect((await runJob(job, "schedule", ctx(store))).status).toBe("skipped");
    await new Promise((r) => setTimeout(r, 1100));
    expect((await runJob(job, "schedule", ctx(store))).status).toBe("ran");
  });

  it("records a failing run and releases the lease, without throwing", async () => {
    const store = createMemoryStore();
    const job: Job = { ...slowJob("fails", 0, { n: 0 }), run: async () => Promise.reject(new Error("upstream exploded")) };
    const outcome = await runJob(job, "manual", ctx(store));
    expect(outcome).toMatchObject({ status: "failed", error: "upstream exploded", trigger: "manual" });
    expect(await store.getJson(lastRunKey("fails"))).toMatchObject({ status: "failed" });
    expect(await store.acquire("jobs:lease:fails", "x", 5)).toBe(true);
  });
});

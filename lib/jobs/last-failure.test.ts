import { describe, expect, it } from "vitest";
import { createMemoryStore } from "@/lib/store/memory";
import { failureSince } from "./last-failure";
import { lastRunKey, runJob } from "./run";
import { JobShortfall, type Job, type JobContext } from "./types";
import type { Store } from "@/lib/store";

const ctx = (store: Store, at: string): JobContext => ({
  store,
  now: () => new Date(at),
  base: "https://me.example",
  signal: new AbortController().signal,
  log: () => {},
});

const job = (run: Job["run"]): Job => ({
  name: "crawl",
  description: "test",
  schedule: "0 6 * * *",
  reachesPublicSites: false,
  leaseSeconds: 60,
  run,
});

const shortfall = job(async () => {
  throw new JobShortfall("read 0 of 10 firm homepages (at least 5 needed); the last good crawl is kept", { reached: 0 }, ["a down"]);
});

describe("failureSince: whether the newest run failed after the data shown", () => {
  it("is null before any run and after a run that published", async () => {
    const store = createMemoryStore();
    expect(await failureSince(store, "crawl", null)).toBeNull();
    await runJob(
      job(async () => ({ summary: { reached: 10 } })),
      "schedule",
      ctx(store, "2026-12-01T06:00:00.000Z"),
    );
    expect(await failureSince(store, "crawl", "2026-12-01T06:00:00.000Z")).toBeNull();
  });

  it("reports a shortfall newer than the data, with what the run reached and not what it kept", async () => {
    const store = createMemoryStore();
    await runJob(shortfall, "schedule", ctx(store, "2026-12-02T06:00:00.000Z"));
    expect(await failureSince(store, "crawl", "2026-12-01T06:00:00.000Z")).toEqual({
      at: "2026-12-02T06:00:00.000Z",
      reason: "read 0 of 10 firm homepages (at least 5 needed)",
    });
    // No data yet: any failure counts.
    expect(await failureSince(store, "crawl", null)).toMatchObject({ at: "2026-12-02T06:00:00.000Z" });
    // Data made after the failure (a hand run that published since): the failure is old news.
    expect(await failureSince(store, "crawl", "2026-12-02T07:00:00.000Z")).toBeNull();
  });

  it("reads a record it did not write as no failure, rather than fail the page", async () => {
    const store = createMemoryStore();
    for (const bad of [
      { status: "failed" },
      { status: "failed", error: 3, finishedAt: "x" },
      { status: "failed", error: "e", finishedAt: "soon" },
    ]) {
      await store.setJson(lastRunKey("crawl"), bad);
      expect(await failureSince(store, "crawl", null)).toBeNull();
    }
  });

  it("never shows a crash's own message to visitors", async () => {
    const store = createMemoryStore();
    await runJob(
      job(async () => {
        throw new TypeError("Cannot read properties of undefined (reading 'firms') at /srv/app/lib/x.ts:12");
      }),
      "cron",
      ctx(store, "2026-12-02T06:00:00.000Z"),
    );
    const f = await failureSince(store, "crawl", null);
    expect(f?.reason).toBe("the run stopped on an error (the server's log has the details)");
    expect(JSON.stringify(f)).not.toContain("/srv/app");
  });
});

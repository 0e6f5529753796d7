import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedisClient, createRedisStore, type RedisClient } from "@/lib/store/redis";
import { lensCensus, runCensus } from "@/lib/lens/census/job";
import { runJob } from "@/lib/jobs/run";
import { isoWeek, KEPT_WEEKS, readWeeks, withWeek, type CensusWeek } from "@/lib/lens/census/history";
import type { Job, JobContext } from "@/lib/jobs/types";
import type { Store } from "@/lib/store";
import { Contract, call } from "./helpers/openapi";
import { SHARED_REDIS_URL } from "./helpers/redis";
import { freePort, startServer, type RunningServer } from "./helpers/server";
import { startBrokenSite, startNativeSite, startWalledSite, type LensSite } from "./helpers/lens-sites";
import { buildWithFeatures } from "./helpers/feature-build";
import { testPrefix } from "./helpers/redis-run";

/**
 * The weekly census: the job run in process against loopback sites with a fake clock, into
 * the real Redis, then read over HTTP by the built app sharing that Redis prefix. Jobs are
 * off (the runs are the test's, as an owner's by hand), so the census is turned on in
 * site.config.ts (lib/features).
 */
const build = buildWithFeatures({ census: true });
const prefix = testPrefix("census");
let sites: LensSite[] = [];
let client: RedisClient;
let store: Store;
let app: RunningServer;
let contract: Contract;

beforeAll(async () => {
  sites = await Promise.all([startNativeSite(), startWalledSite(), startBrokenSite()]);
  const dir = mkdtempSync(path.join(tmpdir(), "census-"));
  const file = path.join(dir, "sites.json");
  const categories = ["agent-native", "publisher", "personal"] as const;
  writeFileSync(
    file,
    JSON.stringify(
      sites.map((s, i) => ({
        key: `site-${i}`,
        name: `Site ${i}`,
        url: `${s.base}/`,
        category: categories[i],
        why: "a loopback stand-in",
      })),
    ),
  );
  // The job reads its settings from the environment, as `npm run job census` would.
  Object.assign(process.env, { CENSUS_SITES_FILE: file, LENS_ALLOW_HOSTS: sites.map((s) => s.hostPort).join(","), LENS_DOH_URL: "off" });
  client = createRedisClient(SHARED_REDIS_URL, () => {});
  store = createRedisStore(client, 1000, `${prefix}:`);
  for (let i = 0; i < 50 && !client.isReady; i++) await new Promise((r) => setTimeout(r, 20));
  app = await startServer({
    SITE_DATA_DIR: build.dir,
    REDIS_URL: SHARED_REDIS_URL,
    STORE_PREFIX: prefix,
    CENSUS_SITES_FILE: file,
    LENS_ALLOW_HOSTS: process.env.LENS_ALLOW_HOSTS!,
  });
  contract = await Contract.load(app.base);
}, 300_000);
afterAll(async () => {
  await app?.stop();
  build.remove();
  await client?.close().catch(() => {});
  await Promise.all(sites.map((s) => s.close()));
});

const ctx = (at: string): JobContext => ({
  store,
  now: () => new Date(at),
  base: "https://me.example",
  signal: new AbortController().signal,
  log: () => {},
});

describe("the census job", () => {
  it("answers an empty census before the first run", async () => {
    const r = await call(contract, app.base, "/lens/census.json");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, weeks: [], scheduled: false, nextRunAt: null, lastFailure: null, keptWeeks: KEPT_WEEKS });
  });

  it("scans every site and records score, level and tier for the week", async () => {
    const { summary, problems } = await lensCensus.run(ctx("2026-11-23T07:00:00Z"));
    expect(problems).toEqual([]);
    expect(summary).toMatchObject({ week: "2026-W48", sites: 3, scanned: 3, failed: 0, weeksKept: 1 });
    const r = await call(contract, app.base, "/lens/census.json");
    const body = r.body as {
      weeks: string[];
      sites: { key: string; series: { week: string; score: number; level: number; tier: string }[] }[];
    };
    expect(body.weeks).toEqual(["2026-W48"]);
    const byKey = Object.fromEntries(body.sites.map((s) => [s.key, s.series]));
    expect(byKey["site-0"][0]).toMatchObject({ week: "2026-W48", level: 5, tier: "signaled" });
    expect(byKey["site-1"][0]).toMatchObject({ level: 0, tier: "paid" });
    expect(byKey["site-2"][0].score).toBeGreaterThanOrEqual(0);
  });

  it("replaces a week run twice, and adds the next week after it", async () => {
    await lensCensus.run(ctx("2026-11-26T09:00:00Z"));
    await lensCensus.run(ctx("2026-12-01T07:00:00Z"));
    const weeks = await readWeeks(store);
    expect(weeks.map((w) => w.week)).toEqual(["2026-W48", "2026-W49"]);
    expect(weeks[0].ranAt).toBe("2026-11-26T09:00:00.000Z");
  });

  it("keeps the week's good row when a night fails: nothing reached is a failed run that writes nothing", async () => {
    const before = await readWeeks(store);
    expect(before.map((w) => w.week)).toEqual(["2026-W48", "2026-W49"]);
    // The network is down: every site is a closed loopback port.
    const closed = await Promise.all(sites.map(() => freePort()));
    const down: Job = {
      ...lensCensus,
      run: (c) =>
        runCensus(
          c,
          closed.map((port, i) => ({
            key: `site-${i}`,
            name: `Site ${i}`,
            url: `http://127.0.0.1:${port}/`,
            category: "personal",
            why: "down",
          })),
          closed.map((port) => `127.0.0.1:${port}`),
        ),
    };
    const outcome = await runJob(down, "manual", ctx("2026-12-02T07:00:00Z"));
    expect(outcome).toMatchObject({ status: "failed", summary: { scanned: 0, failed: 3 } });
    expect(outcome.status === "failed" && outcome.problems).toHaveLength(3);
    expect(outcome.status === "failed" && outcome.error).toMatch(/scanned 0 of 3 sites/);
    expect(await readWeeks(store)).toEqual(before);
    // Visitors are told the night failed and that what they see is the last good week, not left to think it ran.
    const r = await call(contract, app.base, "/lens/census.json");
    expect(r.body).toMatchObject({
      weeks: ["2026-W48", "2026-W49"],
      lastFailure: { at: "2026-12-02T07:00:00.000Z", reason: "scanned 0 of 3 sites (at least 2 needed)" },
    });
    // React separates adjacent text with <!-- --> comments.
    const page = (await (await fetch(`${app.base}/lens/census`)).text()).replaceAll("<!-- -->", "");
    expect(page).toContain("The census of 2026-12-02 07:00 UTC failed: scanned 0 of 3 sites (at least 2 needed).");
    expect(page).toContain("week 2026-W49, the last good one");
    expect(await (await fetch(`${app.base}/lens/census.md`)).text()).toContain(
      "The census of 2026-12-02T07:00:00.000Z failed: scanned 0 of 3 sites (at least 2 needed). Week 2026-W49 (2 weeks recorded), the last good one, unchanged.",
    );
  });

  it("saves a partial night with the week's earlier good result for the site that failed", async () => {
    const before = (await readWeeks(store)).find((w) => w.week === "2026-W49")!;
    const port = await freePort();
    const partial: Job = {
      ...lensCensus,
      run: (c) =>
        runCensus(
          c,
          sites.map((s, i) => ({
            key: `site-${i}`,
            name: `Site ${i}`,
            url: i === 2 ? `http://127.0.0.1:${port}/` : `${s.base}/`,
            category: "personal",
            why: "one down",
          })),
          [...sites.map((s) => s.hostPort), `127.0.0.1:${port}`],
        ),
    };
    const outcome = await runJob(partial, "manual", ctx("2026-12-03T07:00:00Z"));
    expect(outcome).toMatchObject({ status: "partial", summary: { scanned: 2, failed: 1 } });
    expect(outcome.status === "partial" && outcome.problems[0]).toMatch(/^site-2 unreachable/);
    const after = (await readWeeks(store)).find((w) => w.week === "2026-W49")!;
    expect(after.ranAt).toBe("2026-12-03T07:00:00.000Z");
    expect(after.results.find((r) => r.key === "site-2")).toEqual(before.results.find((r) => r.key === "site-2"));
    expect(after.results.find((r) => r.key === "site-2")!.error).toBeUndefined();
    // A night that published is newer than the failure: nothing to warn about.
    expect((await call(contract, app.base, "/lens/census.json")).body).toMatchObject({ lastFailure: null });
  });

  it("keeps only the newest 104 weeks", () => {
    let weeks: CensusWeek[] = [];
    for (let i = 0; i < KEPT_WEEKS + 10; i++) {
      const at = new Date(Date.UTC(2024, 0, 1) + i * 7 * 86_400_000);
      weeks = withWeek(weeks, { week: isoWeek(at), ranAt: at.toISOString(), results: [] });
    }
    expect(weeks).toHaveLength(KEPT_WEEKS);
    expect(weeks[0].week).toBe(isoWeek(new Date(Date.UTC(2024, 0, 1) + 10 * 7 * 86_400_000)));
  });

  it("names ISO weeks as ISO 8601 does at year edges", () => {
    expect(isoWeek(new Date("2026-01-01T00:00:00Z"))).toBe("2026-W01");
    expect(isoWeek(new Date("2027-01-01T00:00:00Z"))).toBe("2026-W53");
    expect(isoWeek(new Date("2024-12-30T00:00:00Z"))).toBe("2025-W01");
  });
});

describe("a census whose store is down", () => {
  it("answers 503 storage_unavailable", async () => {
    const down = await startServer({ SITE_DATA_DIR: build.dir, REDIS_URL: "redis://127.0.0.1:1", STORE_TIMEOUT_MS: "200" });
    try {
      const c = await Contract.load(down.base);
      const r = await call(c, down.base, "/lens/census.json");
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ ok: false, code: "storage_unavailable" });
      expect(r.headers.get("retry-after")).toBe("60");
    } finally {
      await down.stop();
    }
  });
});

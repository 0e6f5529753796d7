import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Contract, call } from "./helpers/openapi";
import { httpRequest } from "./helpers/http";
import { JobOutcomeSchema } from "@/lib/jobs/types";
import { freePort, startServer, type RunningServer } from "./helpers/server";
import { SHARED_REDIS_URL, ThrowawayRedis, withRedis } from "./helpers/redis";
import { firmList, startFirmSites, type FirmSites } from "./helpers/firm-sites";
import { buildWithFeatures } from "./helpers/feature-build";
import { testPrefix } from "./helpers/redis-run";

/**
 * The around feature as its owner runs it: firms on loopback sites, the built app on the
 * real Redis, the crawl run by the cron route, by `npm run job around` and by the app's own
 * scheduler. Every JSON body is checked against the app's /openapi.json.
 */
const SECRET = "test-cron-secret-0123456789";
let sites: FirmSites;
let firmsFile: string;
let censusFile: string;
let closedPort = 0;
const root = path.resolve(import.meta.dirname, "..");

beforeAll(async () => {
  sites = await startFirmSites({
    alpha: {
      robots: { status: 200, body: "User-agent: *\nAllow: /\n" },
      home: { status: 200, title: "Alpha Ventures", description: "Seed to series A." },
    },
    beta: { robots: { status: 404 }, home: { status: 200, title: "Beta Capital" } },
    gamma: { robots: { status: 200, body: "User-agent: SiteLens\nDisallow: /\n" }, home: { status: 200, title: "Gamma" } },
  });
  const dir = mkdtempSync(path.join(tmpdir(), "around-"));
  firmsFile = path.join(dir, "firms.json");
  writeFileSync(firmsFile, firmList(sites));
  // The census also runs when jobs are on: point it at a closed loopback port, so it fails fast and never touches the firm sites.
  closedPort = await freePort();
  censusFile = path.join(dir, "census.json");
  writeFileSync(
    censusFile,
    JSON.stringify([{ key: "closed", name: "Closed", url: `http://127.0.0.1:${closedPort}/`, category: "personal", why: "a closed port" }]),
  );
});
afterAll(() => sites?.close());

const appEnv = (extra: Record<string, string> = {}) => ({
  REDIS_URL: SHARED_REDIS_URL,
  AROUND_FIRMS_FILE: firmsFile,
  CENSUS_SITES_FILE: censusFile,
  LENS_ALLOW_HOSTS: `${sites.hostPort},127.0.0.1:${closedPort}`,
  CRON_SECRET: SECRET,
  ...extra,
});

/**
 * The cron route is the operator's, not the public API's: its 200 is checked against the
 * job outcome schema, its errors against the API's Error schema like every other error.
 */
async function runCron(app: RunningServer, contract: Contract, auth = `Bearer ${SECRET}`, method = "POST") {
  const res = await httpRequest(`${app.base}/api/cron/around`, { method, headers: auth ? { authorization: auth } : {} });
  const body = JSON.parse(res.text) as unknown;
  if (res.status === 200) JobOutcomeSchema.parse(body);
  else contract.validate("/api/cron/around", method, res.status, res.headers.get("content-type") ?? "", body);
  return { ...res, body };
}

describe("with jobs on, run by the cron route", () => {
  let app: RunningServer;
  let contract: Contract;
  const prefix = testPrefix("around-cron");
  beforeAll(async () => {
    // A previous run is recorded, so the scheduler's catch-up at start does not crawl: this suite drives the cron route.
    await seedLastRun(prefix);
    app = await startServer(appEnv({ JOBS_ENABLED: "1", STORE_PREFIX: prefix }));
    contract = await Contract.load(app.base);
  });
  afterAll(() => app?.stop());
  const get = (p: string) => call(contract, app.base, p);

  it("answers 503 Pending, with Retry-After and when the crawl is due, before the first crawl", async () => {
    const r = await get("/around/json");
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ ok: false, code: "pending", status: 503, pending: true, firms: 3 });
    const due = Date.parse((r.body as { nextCrawlAt: string }).nextCrawlAt);
    expect(due).toBeGreaterThan(Date.now());
    // Look again once the next crawl is due and has had a minute: never sooner, never later than a day.
    const retry = Number(r.headers.get("retry-after"));
    expect((r.body as { retryAfter: number }).retryAfter).toBe(retry);
    expect(retry).toBeGreaterThanOrEqual(60);
    expect(retry).toBeLessThanOrEqual(86_400);
    expect(Math.abs(retry - Math.min(86_400, Math.max(60, (due - Date.now()) / 1000 + 60)))).toBeLessThan(10);
    const changes = await get("/around/changes.json");
    expect(changes.status).toBe(200);
    expect(changes.body).toMatchObject({ limit: 50, returned: 0, changes: [] });
  });

  it("refuses the cron route without the secret (401) and with a wrong one", async () => {
    expect((await runCron(app, contract, "")).status).toBe(401);
    const wrong = await runCron(app, contract, "Bearer nope");
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toBe("Bearer");
    expect((await call(contract, app.base, "/api/cron/nosuchjob", { headers: { authorization: `Bearer ${SECRET}` } })).status).toBe(404);
  });

  it("crawls on a cron call (GET, as Vercel sends it), then serves the report", async () => {
    const run = await runCron(app, contract, `Bearer ${SECRET}`, "GET");
    expect(run.status).toBe(200);
    expect(JSON.parse(run.text)).toMatchObject({
      job: "around",
      status: "ran",
      trigger: "cron",
      summary: { firms: 3, reached: 2, disallowed: 1, changes: 0 },
    });
    const r = await get("/around/json");
    expect(r.status).toBe(200);
    const firms = (r.body as { firms: { name: string; status: number | null; title: string | null; robots: { verdict: string } }[] }).firms;
    expect(firms.map((f) => [f.name, f.status, f.title, f.robots.verdict])).toEqual([
      ["alpha", 200, "Alpha Ventures", "allowed"],
      ["beta", 200, "Beta Capital", "allowed"],
      ["gamma", null, null, "disallowed"],
    ]);
    expect(sites.hits).not.toContain("gamma /");
  });

  it("records what changed on the next crawl: title, status and robots", async () => {
    sites.sites.get("alpha")!.home.title = "Alpha Ventures — Fund III";
    sites.sites.get("beta")!.home.status = 503;
    sites.sites.get("gamma")!.robots.body = "User-agent: *\nAllow: /\n";
    const run = await runCron(app, contract);
    expect(run.status).toBe(200);
    const r = await get("/around/changes.json");
    expect(r.status).toBe(200);
    const lines = (r.body as { changes: { firm: string; field: string; from: unknown; to: unknown }[] }).changes.map(
      (c) => `${c.firm}.${c.field}: ${c.from} -> ${c.to}`,
    );
    expect(lines).toEqual(
      expect.arrayContaining([
        "alpha.title: Alpha Ventures -> Alpha Ventures — Fund III",
        "beta.status: 200 -> 503",
        "gamma.robots: disallowed -> allowed",
        "gamma.status: null -> 200",
      ]),
    );
  });

  it("clamps limit to 1-100 and falls back to 50 on a non-number", async () => {
    for (const [q, limit] of [
      ["0", 1],
      ["-5", 1],
      ["1000", 100],
      ["abc", 50],
      ["2", 2],
    ] as const) {
      const r = await get(`/around/changes.json?limit=${q}`);
      expect(r.status).toBe(200);
      expect((r.body as { limit: number }).limit).toBe(limit);
      expect((r.body as { returned: number }).returned).toBeLessThanOrEqual(limit);
    }
  });

  it("shows the firms and the changes on the page and in its Markdown twin", async () => {
    const html = await (await fetch(`${app.base}/around`)).text();
    expect(html).toContain("Alpha Ventures — Fund III");
    expect(html).toContain("robots.txt verdict: “disallowed” → “allowed”");
    const md = await fetch(`${app.base}/around.md`);
    expect(md.headers.get("content-type")).toMatch(/^text\/markdown/);
    expect(await md.text()).toContain("| [alpha](");
  });
});

/** `npm run job <name>` as the owner runs it: its exit code and what it printed. */
function runJobByHand(name: string, env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/job.ts", name], {
      cwd: root,
      env: { PATH: process.env.PATH, NODE_ENV: "production", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("exit", (c) => resolve({ code: c ?? 1, out }));
  });
}

describe("run by hand with npm run job", () => {
  it("crawls into the store the app reads, and exits 0", async () => {
    const prefix = testPrefix("around-manual");
    const { code } = await runJobByHand("around", appEnv({ STORE_PREFIX: prefix }));
    expect(code).toBe(0);
    // Jobs off, crawls by hand (a crontab's, say): the owner turns around on in site.config.ts (lib/features).
    const build = buildWithFeatures({ around: true });
    const app = await startServer(appEnv({ STORE_PREFIX: prefix, SITE_DATA_DIR: build.dir }));
    try {
      const contract = await Contract.load(app.base);
      const r = await call(contract, app.base, "/around/json");
      expect(r.status).toBe(200);
      expect((r.body as { counts: { firms: number } }).counts.firms).toBe(3);
      expect((await httpRequest(`${app.base}/around`)).status).toBe(200);
    } finally {
      await app.stop();
      build.remove();
    }
  });
});

describe("a failed night of jobs", () => {
  it("leaves yesterday's crawl, baseline and changes exactly as they were, records the failure, exits non-zero, and says so on the page and in the JSON", async () => {
    const prefix = testPrefix("around-failed");
    const env = appEnv({ STORE_PREFIX: prefix });
    const build = buildWithFeatures({ around: true });
    const app = await startServer({ ...env, SITE_DATA_DIR: build.dir });
    try {
      const contract = await Contract.load(app.base);
      await failedNightsAreShown(env, app, contract);
    } finally {
      await app.stop();
      build.remove();
    }
  }, 300_000);
});

/**
 * The first night fails, the second publishes, the third fails, the fourth publishes: the store keeps
 * the last good crawl through each failure, and the app says which crawl it shows and why.
 */
async function failedNightsAreShown(env: Record<string, string>, app: RunningServer, contract: Contract) {
  const prefix = env.STORE_PREFIX;
  const downNight = async () => {
    for (const site of sites.sites.values()) site.down = true;
    try {
      return await runJobByHand("around", env);
    } finally {
      for (const site of sites.sites.values()) site.down = false;
    }
  };
  const json = async () => (await call(contract, app.base, "/around/json")).body as { lastFailure: { at: string; reason: string } | null };

  const first = await downNight();
  expect(first.code, first.out).toBe(1);
  const pending = await call(contract, app.base, "/around/json");
  expect(pending.status).toBe(503);
  expect(pending.body).toMatchObject({ code: "pending", lastFailure: { reason: "read 0 of 3 firm homepages (at least 2 needed)" } });
  // React separates adjacent text with <!-- --> comments.
  const text = async (p: string) => (await (await fetch(`${app.base}${p}`)).text()).replaceAll("<!-- -->", "");
  expect(await text("/around")).toMatch(/failed: read 0 of 3 firm homepages \(at least 2 needed\)\./);

  expect((await runJobByHand("around", env)).code).toBe(0);
  expect((await json()).lastFailure).toBeNull();
  const keys = ["around:latest", "around:baseline", "around:changes"].map((k) => `${prefix}:${k}`);
  const snapshot = () => withRedis(async (c) => [await c.get(keys[0]), await c.get(keys[1]), await c.lRange(keys[2], 0, -1)]);
  const yesterday = await snapshot();
  expect(yesterday[0]).toContain("Alpha");

  const night = await downNight();
  expect(night.code, night.out).toBe(1);
  const outcome = JobOutcomeSchema.parse(JSON.parse(night.out.slice(night.out.indexOf("{"), night.out.lastIndexOf("}") + 1)));
  expect(outcome).toMatchObject({ status: "failed", summary: { reached: 0 } });
  expect(outcome.status === "failed" && outcome.problems).toHaveLength(3);
  expect(await snapshot()).toEqual(yesterday);
  const last = await withRedis((c) => c.get(`${prefix}:jobs:last:around`));
  expect(JSON.parse(last!)).toMatchObject({ status: "failed", error: expect.stringMatching(/read 0 of 3 firm homepages/) });
  const shown = await call(contract, app.base, "/around/json");
  expect(shown.status).toBe(200);
  // Yesterday's crawl exactly, and why it is yesterday's.
  const { lastFailure, ...crawl } = shown.body as { lastFailure: unknown };
  expect(crawl).toEqual(JSON.parse(yesterday[0] as string));
  expect(lastFailure).toMatchObject({ reason: "read 0 of 3 firm homepages (at least 2 needed)" });
  const page = await text("/around");
  expect(page).toContain("Alpha Ventures");
  expect(page).toContain("What follows is the last good crawl, unchanged.");
  expect(await (await fetch(`${app.base}/around.md`)).text()).toContain("This is the last good crawl, unchanged.");

  // The next good night finds nothing changed: the outage was never a change at the firms.
  expect((await runJobByHand("around", env)).code).toBe(0);
  expect((await snapshot())[2]).toEqual(yesterday[2]);
  expect((await json()).lastFailure).toBeNull();
}

describe("npm run job against a paused Redis", () => {
  it("gives up after the store's deadline and exits 4, instead of waiting for Redis to wake", async () => {
    const redis = new ThrowawayRedis();
    await redis.start();
    redis.pause();
    try {
      const started = Date.now();
      const { code, out } = await runJobByHand("around", appEnv({ REDIS_URL: redis.url, STORE_PREFIX: testPrefix("around-paused") }));
      expect(code, out).toBe(4);
      expect(out).toMatch(/store could not be reached/);
      // Before the close was bounded, the process stayed until Redis resumed (for ever here).
      expect(Date.now() - started).toBeLessThan(90_000);
    } finally {
      redis.resume();
      await redis.stop();
    }
  }, 300_000);
});

describe("the in-process scheduler", () => {
  it("crawls once at start when the job has never run, with no cron call", async () => {
    // A 3 s store deadline, as in tests/helpers/app.ts: a loaded machine's Redis can miss 500 ms.
    const app = await startServer(appEnv({ JOBS_ENABLED: "1", STORE_PREFIX: testPrefix("around-sched"), STORE_TIMEOUT_MS: "3000" }));
    try {
      const contract = await Contract.load(app.base);
      let r = await call(contract, app.base, "/around/json");
      // The first crawl starts with the server; under a loaded CI machine it can take a while.
      // Polled twice a second: at most 80 reads in 40 s, inside the 120-a-minute budget (a 429 is not the answer awaited).
      for (const until = Date.now() + 40_000; Date.now() < until && r.status !== 200;) {
        await new Promise((res) => setTimeout(res, 500));
        r = await call(contract, app.base, "/around/json");
      }
      expect(r.status).toBe(200);
      expect(app.output()).toMatch(/\[jobs\] scheduler on: around/);
    } finally {
      await app.stop();
    }
  }, 300_000);
});

describe("with jobs off (the default)", () => {
  let app: RunningServer;
  let contract: Contract;
  beforeAll(async () => {
    app = await startServer(appEnv({ STORE_PREFIX: testPrefix("around-off") }));
    contract = await Contract.load(app.base);
  });
  afterAll(() => app?.stop());

  it("never crawls: the cron route says jobs are off, and Pending says no crawl is scheduled", async () => {
    sites.hits.length = 0;
    const run = await runCron(app, contract);
    expect(run.status).toBe(503);
    expect(run.body).toMatchObject({ code: "not_configured" });
    const r = await call(contract, app.base, "/around/json");
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ code: "pending", nextCrawlAt: null, retryAfter: 86_400 });
    expect(r.headers.get("retry-after")).toBe("86400");
    expect(sites.hits).toEqual([]);
    // Around is off without jobs (features.around "auto"): no page.
    expect((await httpRequest(`${app.base}/around`)).status).toBe(404);
  });
});

describe("when the store cannot be reached", () => {
  let app: RunningServer;
  let contract: Contract;
  beforeAll(async () => {
    // Nothing listens on port 1 of loopback: every store call fails fast.
    app = await startServer(appEnv({ REDIS_URL: "redis://127.0.0.1:1", JOBS_ENABLED: "1", STORE_TIMEOUT_MS: "200" }));
    contract = await Contract.load(app.base);
  });
  afterAll(() => app?.stop());

  it("answers 503 storage_unavailable on both endpoints, and the page says so", async () => {
    for (const p of ["/around/json", "/around/changes.json"]) {
      const r = await call(contract, app.base, p);
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ code: "storage_unavailable" });
    }
    const page = await fetch(`${app.base}/around`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("could not be read right now");
    const run = await runCron(app, contract);
    expect(run.status).toBe(503);
    expect(run.body).toMatchObject({ code: "storage_unavailable" });
  });
});

/** Marks the around job as just run under `prefix`, so a scheduler starting there does not catch up. */
async function seedLastRun(prefix: string) {
  const now = new Date().toISOString();
  await withRedis((c) =>
    c.set(
      `${prefix}:jobs:last:around`,
      JSON.stringify({ job: "around", status: "ran", trigger: "schedule", startedAt: now, finishedAt: now, summary: {} }),
    ),
  );
}

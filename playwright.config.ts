import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { RUN_KEY_TTL_S, newRunPrefix } from "./tests/helpers/redis-run";

const PORT = Number(process.env.E2E_PORT ?? 3123);
// The app stores in the real Redis under a prefix of its own per run; set here, in the
// runner, so the workers (and the job the around test runs) inherit the same one. It lies in the
// run's namespace, which e2e/global-setup.ts expires and deletes (tests/helpers/redis-run.ts).
process.env.TEST_REDIS_PREFIX ??= newRunPrefix();
process.env.E2E_STORE_PREFIX ??= `${process.env.TEST_REDIS_PREFIX}:e2e`;
if (!process.env.TEST_WORKER_INDEX) markCrawlsRun(process.env.E2E_STORE_PREFIX);

/**
 * The scheduler of the server under test catches up on a job whose last run it cannot find; for
 * the crawls, whose sites the specs start later, that is a run bound to fail. Their last run is
 * recorded as now before the server starts (synchronously: the config cannot await), with the
 * run's TTL like every key of the run.
 */
function markCrawlsRun(prefix: string): void {
  const now = new Date().toISOString();
  for (const job of ["around", "census"]) {
    const run = JSON.stringify({ job, status: "ran", trigger: "schedule", startedAt: now, finishedAt: now, summary: {} });
    const r = spawnSync(
      "redis-cli",
      ["-h", "127.0.0.1", "-p", "6379", "SET", `${prefix}:jobs:last:${job}`, run, "EX", String(RUN_KEY_TTL_S)],
      {
        encoding: "utf8",
      },
    );
    // No Redis or no redis-cli: the server prints its failed catch-up, and the tests that need Redis say why they fail.
    if (r.status !== 0) console.warn(`playwright.config: could not mark the ${job} crawl as run: ${r.stderr || r.error?.message}`);
  }
}
/**
 * A spec that spends a budget on purpose (e2e/ask-search.spec.ts) sends this header to be a
 * caller of its own; the server trusts it as a proxy's (TRUST_PROXY_HEADER), and every other
 * request, sent without it, is told apart by its socket as under npm start.
 */
export const E2E_CALLER_HEADER = "x-e2e-caller";
/** The around test's firm sites listen here (e2e/fixtures/around-firms.json). */
const FIRM_PORTS = [3131, 3132];
/** Loopback sites e2e/lens.spec.ts starts for lens to inspect (tests/helpers/lens-sites.ts): native, walled. */
export const LENS_SITE_PORTS = [3135, 3136];
/** The music service stand-in of e2e/music-coffee.spec.ts (tests/helpers/music-upstreams.ts). */
export const MUSIC_ENV = {
  SPOTIFY_CLIENT_ID: "client-id",
  SPOTIFY_CLIENT_SECRET: "client-secret",
  SPOTIFY_REFRESH_TOKEN: "refresh-token",
  SPOTIFY_API_URL: "http://127.0.0.1:3133",
  SPOTIFY_ACCOUNTS_URL: "http://127.0.0.1:3133",
  ODESLI_API_URL: "http://127.0.0.1:3133",
};
// Playwright's own browser download does not work offline: use Debian's Chromium when present.
const systemChromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "./e2e",
  globalSetup: "./e2e/global-setup.ts",
  workers: 1,
  retries: 0,
  reporter: "list",
  use: { baseURL: `http://127.0.0.1:${PORT}`, trace: "off" },
  webServer: {
    // The built app as `npm start` serves it (npm test builds first).
    command: `node server.mjs`,
    url: `http://127.0.0.1:${PORT}/health.json`,
    reuseExistingServer: false,
    // As tests/helpers/server.ts waits: ready in seconds when idle, 25 s seen at load 15 on 2 cores.
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOSTNAME: "127.0.0.1",
      NEXT_TELEMETRY_DISABLED: "1",
      CHECK_OUTPUT: "1",
      // The server's sockets are guarded like the tests': nothing leaves loopback.
      NODE_OPTIONS: "--import ./tests/helpers/loopback-guard.mjs",
      LENS_DOH_URL: "off",
      LENS_EDGE_URL: "off",
      REDIS_URL: "redis://127.0.0.1:6379",
      TRUST_PROXY_HEADER: E2E_CALLER_HEADER,
      STORE_PREFIX: process.env.E2E_STORE_PREFIX,
      // Every live feature on (lib/features), as a configured site has them. With jobs on, the scheduler
      // would catch up on each job once at start, before the specs start their loopback sites, and print
      // "[jobs] around failed" for a crawl that could not reach them: the crawls are marked as just run
      // (markCrawlsRun below), so the pages show "no crawl yet" until a spec runs a job by hand.
      JOBS_ENABLED: "1",
      AROUND_FIRMS_FILE: "e2e/fixtures/around-firms.json",
      CENSUS_SITES_FILE: "e2e/fixtures/census-sites.json",
      LENS_ALLOW_HOSTS: [...FIRM_PORTS, ...LENS_SITE_PORTS].map((p) => `127.0.0.1:${p}`).join(","),
      // Loopback stand-ins the now-playing and coffee tests start (e2e/music-coffee.spec.ts).
      ...MUSIC_ENV,
      COFFEE_ICS_URL: "http://127.0.0.1:3134/calendar.ics",
    },
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        headless: true,
        launchOptions: {
          ...(existsSync(systemChromium) ? { executablePath: systemChromium } : {}),
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        },
      },
    },
  ],
});

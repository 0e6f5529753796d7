import { afterAll, beforeAll } from "vitest";
import { Contract } from "./openapi";
import { startServer, type RunningServer } from "./server";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startLensTargets, type LensTargets } from "./lens-targets";
import { firmList, startFirmSites, type FirmSites } from "./firm-sites";
import { SHARED_REDIS_URL, withRedis } from "./redis";
import { PLAYLIST_ID, startMusicUpstreams, type MusicUpstreams } from "./music-upstreams";
import { icsWithMeeting, startCalendarFeed, type CalendarFeed } from "./calendar-feed";
import { testPrefix } from "./redis-run";

/**
 * The built app on a free loopback port for the enclosing suite, with its own
 * /openapi.json loaded for checking every JSON response.
 */
export function appUnderTest(env: Record<string, string> = {}): { server: RunningServer; contract: Contract } {
  const app = {} as { server: RunningServer; contract: Contract };
  beforeAll(async () => {
    app.server = await startServer(env);
    app.contract = await Contract.load(app.server.base);
  });
  afterAll(() => app.server?.stop());
  return app;
}

/**
 * The app as a fully configured deployment, with every upstream a loopback server: lens
 * targets it may fetch (LENS_ALLOW_HOSTS), firm sites for the around crawl, the music
 * service with a playlist set, a calendar feed, the real Redis (so the ledger counts), and jobs on, so the scheduler's first crawl has finished before
 * the suite starts. For suites that call every endpoint or tool and expect each to answer
 * 200: tests never send traffic off the machine.
 */
export function appWithUpstreams(env: Record<string, string> = {}) {
  const prefix = testPrefix("upstreams");
  // A longer store deadline than production's 500 ms: the shared Redis answers slowly while
  // other suites load the machine, and a timed-out lock would fail the first crawl, not a test.
  const appEnv: Record<string, string> = {
    REDIS_URL: SHARED_REDIS_URL,
    STORE_PREFIX: prefix,
    STORE_TIMEOUT_MS: "3000",
    JOBS_ENABLED: "1",
    ...env,
  };
  let targets: LensTargets | undefined;
  let firms: FirmSites | undefined;
  let music: MusicUpstreams | undefined;
  let calendar: CalendarFeed | undefined;
  beforeAll(async () => {
    targets = await startLensTargets();
    music = await startMusicUpstreams({ tracks: 12 });
    calendar = await startCalendarFeed(() => icsWithMeeting(new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)));
    Object.assign(appEnv, music.env, { COFFEE_ICS_URL: calendar.url });
    await withRedis((c) => c.set(`${prefix}:rn:playlist`, JSON.stringify(PLAYLIST_ID)));
    firms = await startFirmSites({
      tidewater: { robots: { status: 200, body: "User-agent: *\nAllow: /\n" }, home: { status: 200, title: "Tidewater Ventures" } },
      closed: { robots: { status: 200, body: "User-agent: SiteLens\nDisallow: /\n" }, home: { status: 200, title: "Closed Capital" } },
    });
    const file = path.join(mkdtempSync(path.join(tmpdir(), "firms-")), "around.json");
    writeFileSync(file, firmList(firms));
    appEnv.AROUND_FIRMS_FILE = file;
    // The census scans one loopback site, never the public list.
    const census = path.join(path.dirname(file), "census.json");
    writeFileSync(
      census,
      JSON.stringify([{ key: "rich", name: "Rich page", url: `${targets.base}/rich`, category: "personal", why: "a loopback stand-in" }]),
    );
    appEnv.CENSUS_SITES_FILE = census;
    appEnv.LENS_ALLOW_HOSTS = [targets.hostPort, firms.hostPort].join(",");
  });
  afterAll(async () => {
    await Promise.all([targets?.close(), firms?.close(), music?.close(), calendar?.close()]);
  });
  const app = appUnderTest(appEnv);
  beforeAll(async () => {
    // The scheduler crawls once at start (no run recorded under this fresh prefix): a second
    // or two when idle, many times that on a loaded machine, so a deadline as the server's start has.
    for (const until = Date.now() + 120_000; Date.now() < until;) {
      if ((await fetch(`${app.server.base}/around/json`)).status === 200) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the first around crawl did not finish:\n${app.server.output()}`);
  });
  // A getter, read when a test runs (after the targets started), not when the suite is defined.
  return Object.defineProperty(app, "lens", {
    get(): LensTargets {
      if (!targets) throw new Error("lens targets are not started yet");
      return targets;
    },
  }) as typeof app & { readonly lens: LensTargets };
}

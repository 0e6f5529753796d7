import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Contract, call } from "./helpers/openapi";
import { freePort, startServer, type RunningServer } from "./helpers/server";
import { SHARED_REDIS_URL, withRedis as redis } from "./helpers/redis";
import { PLAYLIST_ID, startMusicUpstreams, type MusicUpstreams } from "./helpers/music-upstreams";
import { testPrefix } from "./helpers/redis-run";

/**
 * /rn/tracks over real HTTP against loopback stand-ins for Spotify and Odesli, with the
 * owner's tools (`npm run rn:playlist`, `npm run job tracks`, `npm run rn:connect`) run as
 * the owner runs them. Every JSON body is checked against the app's /openapi.json.
 */
const root = path.resolve(import.meta.dirname, "..");
let music: MusicUpstreams;
beforeAll(async () => {
  music = await startMusicUpstreams();
});
afterAll(() => music?.close());

function owner(script: string, args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), script, ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, NODE_ENV: "production", ...env },
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("exit", (code) => resolve({ code: code ?? 1, out }));
  });
}

/** A server process shares one read of the store for a second, so a change made outside it shows after that. */
const seenByVisitors = () => new Promise((r) => setTimeout(r, 1_100));

type Tracks = {
  playlist: { id: string; name: string };
  stale: boolean;
  staleReason?: string;
  tracks: {
    id: string;
    title: string;
    artists: string[];
    duration: string;
    link: string;
    linkKind: string;
    previewUrl: string | null;
    explicit: boolean;
  }[];
};

describe("connected to the music service", () => {
  let app: RunningServer;
  let contract: Contract;
  const prefix = testPrefix("music");
  const env = () => ({ REDIS_URL: SHARED_REDIS_URL, STORE_PREFIX: prefix, ...music.env });
  const get = () => call(contract, app.base, "/rn/tracks");
  beforeAll(async () => {
    app = await startServer(env());
    contract = await Contract.load(app.base);
  });
  afterAll(() => app?.stop());

  it("answers 503 no_playlist, with tracks: [], until the owner sets one", async () => {
    const r = await get();
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ ok: false, code: "no_playlist", tracks: [] });
  });

  it("npm run rn:playlist refuses what is not a playlist, and sets one given as a URL", async () => {
    expect((await owner("scripts/rn-playlist.ts", ["not a playlist"], env())).code).toBe(2);
    const set = await owner("scripts/rn-playlist.ts", [`https://open.spotify.com/playlist/${PLAYLIST_ID}?si=abc`], env());
    expect(set.out).toContain(`Playlist set: ${PLAYLIST_ID}`);
    expect(set.out).toContain('Read "Late nights": 60 tracks.');
    expect(set.code).toBe(0);
    await seenByVisitors();
  });

  it("serves every track of every page, episodes and removed tracks left out, cached for an hour", async () => {
    const r = await get();
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toMatch(/max-age=3600/);
    const body = r.body as Tracks;
    expect(body.playlist).toMatchObject({ id: PLAYLIST_ID, name: "Late nights" });
    expect(body.stale).toBe(false);
    expect(body.tracks).toHaveLength(60);
    expect(body.tracks[0]).toMatchObject({
      title: "Song 1",
      artists: ["Artist 1"],
      duration: "3:01",
      previewUrl: "https://p.scdn.co/mp3-preview/abc",
      explicit: false,
      linkKind: "spotify",
    });
    expect(body.tracks[2].artists).toEqual(["Artist 3", "Guest"]);
    expect(body.tracks[3]).toMatchObject({ explicit: true, previewUrl: null });
    // Served from the store: no new read of the music service.
    const before = music.hits.filter((h) => h.includes("/items")).length;
    expect((await get()).status).toBe(200);
    expect(music.hits.filter((h) => h.includes("/items")).length).toBe(before);
  });

  it("the refresh job resolves universal links within Odesli's budget, and visitors see them", async () => {
    const run = await owner("scripts/job.ts", ["tracks"], env());
    expect(run.code, run.out).toBe(0);
    expect(JSON.parse(run.out).summary).toMatchObject({ tracks: 60, linksResolved: 5, linksPending: 55, linksStoppedBy: "budget" });
    await seenByVisitors();
    const body = (await get()).body as Tracks;
    const universal = body.tracks.filter((t) => t.linkKind === "universal");
    expect(universal).toHaveLength(5);
    expect(universal[0].link).toBe(`https://song.link/s/${universal[0].id}`);
    expect(music.hits.filter((h) => h.includes("/v1-alpha.1/links"))).toHaveLength(5);
  });

  it("keeps serving the last good copy, marked stale, when a refresh after the hour fails", async () => {
    await redis(async (c) => {
      const key = `${prefix}:rn:snapshot`;
      const s = JSON.parse((await c.get(key))!);
      s.fetchedAt = new Date(Date.now() - 2 * 3600_000).toISOString();
      await c.set(key, JSON.stringify(s));
    });
    await seenByVisitors();
    music.behaviour.api = "down";
    try {
      const r = await get();
      expect(r.status).toBe(200);
      const body = r.body as Tracks;
      expect(body.stale).toBe(true);
      expect(body.staleReason).toMatch(/answered 502/);
      expect(body.tracks).toHaveLength(60);
    } finally {
      music.behaviour.api = "ok";
    }
    // Once the service is back, the next request refreshes the copy.
    expect(((await get()).body as Tracks).stale).toBe(false);
  });
});

describe("failures of the music service, with no earlier copy", () => {
  let app: RunningServer;
  let contract: Contract;
  const prefix = testPrefix("music-fail");
  beforeAll(async () => {
    app = await startServer({ REDIS_URL: SHARED_REDIS_URL, STORE_PREFIX: prefix, ...music.env });
    contract = await Contract.load(app.base);
    await redis((c) => c.set(`${prefix}:rn:playlist`, JSON.stringify(PLAYLIST_ID)));
  });
  afterAll(() => app?.stop());
  const clear = () => redis((c) => c.del(`${prefix}:rn:snapshot`));

  it("a revoked refresh token → 502 that tells the owner what to do (first, before any access token is cached)", async () => {
    await clear();
    music.behaviour.token = "invalid_grant";
    try {
      const r = await call(contract, app.base, "/rn/tracks");
      expect(r.status).toBe(502);
      expect((r.body as { error: string }).error).toMatch(/rn:connect/);
    } finally {
      music.behaviour.token = "ok";
    }
  });

  it.each([
    ["not-owned", /owns or collaborates/],
    ["rate-limited", /rate-limiting/],
    ["down", /answered 502/],
  ] as const)("api %s → 502 upstream_failed with tracks: []", async (api, message) => {
    await clear();
    music.behaviour.api = api;
    try {
      const r = await call(contract, app.base, "/rn/tracks");
      expect(r.status).toBe(502);
      expect(r.body).toMatchObject({ ok: false, code: "upstream_failed", tracks: [] });
      expect((r.body as { error: string }).error).toMatch(message);
    } finally {
      music.behaviour.api = "ok";
    }
  });

  it("an access token that expired mid-use is renewed once, and the read succeeds", async () => {
    await clear();
    music.behaviour.api = "expired-once";
    try {
      expect((await call(contract, app.base, "/rn/tracks")).status).toBe(200);
    } finally {
      music.behaviour.api = "ok";
    }
  });
});

describe("deployments without a store", () => {
  it("answers 500 internal_error with tracks: [] when no store is configured", async () => {
    const app = await startServer({ ...music.env });
    try {
      const contract = await Contract.load(app.base);
      const r = await call(contract, app.base, "/rn/tracks");
      expect(r.status).toBe(500);
      expect(r.body).toMatchObject({ ok: false, code: "internal_error", tracks: [] });
      // Now playing is off without a store (features.nowPlaying "auto"): no page (tests/features-http.test.ts).
      expect((await fetch(`${app.base}/rn`)).status).toBe(404);
    } finally {
      await app.stop();
    }
  });

  it("answers 503 storage_unavailable with tracks: [] when the store cannot be read", async () => {
    const app = await startServer({ REDIS_URL: "redis://127.0.0.1:1", STORE_TIMEOUT_MS: "200", ...music.env });
    try {
      const contract = await Contract.load(app.base);
      const r = await call(contract, app.base, "/rn/tracks");
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ code: "storage_unavailable", tracks: [] });
    } finally {
      await app.stop();
    }
  });
});

describe("a store but no music account (now playing off)", () => {
  it("answers 503 no_playlist with tracks: [], not the 500 of storage not configured, and documents it", async () => {
    const app = await startServer({ REDIS_URL: SHARED_REDIS_URL, STORE_PREFIX: testPrefix("music-nocreds") });
    try {
      const contract = await Contract.load(app.base);
      const r = await call(contract, app.base, "/rn/tracks");
      expect([r.status, r.body]).toMatchObject([503, { ok: false, code: "no_playlist", tracks: [] }]);
      expect(r.headers.get("retry-after")).toBeNull();
      // The endpoint's schema says so in /openapi.json (call() validated the body against it).
      const doc = contract.doc as { paths: Record<string, { get: { responses: Record<string, { description: string }> } }> };
      expect(doc.paths["/rn/tracks"].get.responses["503"].description).toMatch(/now playing is off.*\(code no_playlist\)/);
      expect(doc.paths["/rn/tracks"].get.responses["500"].description).toMatch(/No store is configured/);
      expect((await fetch(`${app.base}/rn`)).status).toBe(404);
    } finally {
      await app.stop();
    }
  });
});

describe("npm run rn:connect", () => {
  it("walks the one-time authorization on loopback and prints the refresh token", async () => {
    const port = await freePort();
    const child = spawn(
      process.execPath,
      [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/rn-connect.ts", "--port", String(port)],
      {
        cwd: root,
        env: { PATH: process.env.PATH, NODE_ENV: "production", ...music.env },
      },
    );
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const exited = new Promise<number>((r) => child.on("exit", (c) => r(c ?? 1)));
    for (let i = 0; i < 100 && !/Waiting for the answer/.test(out); i++) await new Promise((r) => setTimeout(r, 50));
    const authorize = new URL(/(http:\/\/127\.0\.0\.1:\d+\/authorize\?\S+)/.exec(out)![1]);
    expect(authorize.searchParams.get("scope")).toContain("playlist-read-private");
    expect(authorize.searchParams.get("redirect_uri")).toBe(`http://127.0.0.1:${port}/callback`);
    // What the browser does after the owner approves: the service redirects to the callback.
    const cb = await fetch(`http://127.0.0.1:${port}/callback?code=good-code&state=${authorize.searchParams.get("state")}`);
    expect(cb.status).toBe(200);
    expect(await exited).toBe(0);
    expect(out).toContain("SPOTIFY_REFRESH_TOKEN=fresh-refresh-token");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appUnderTest } from "./helpers/app";
import { call } from "./helpers/openapi";
import { freePort } from "./helpers/server";
import { startNativeSite, startWalledSite, type LensSite } from "./helpers/lens-sites";

/** /lens/compare.json over real HTTP against two loopback sites; every body checked against /openapi.json. */
let native: LensSite;
let walled: LensSite;
let closed = 0;
const env: Record<string, string> = {};
beforeAll(async () => {
  [native, walled] = await Promise.all([startNativeSite(), startWalledSite()]);
  closed = await freePort();
  env.LENS_ALLOW_HOSTS = `${native.hostPort},${walled.hostPort},127.0.0.1:${closed}`;
});
afterAll(async () => {
  await Promise.all([native?.close(), walled?.close()]);
});
const app = appUnderTest(env);

let nextCaller = 60;
const compare = (left: string, right: string, from = `127.0.0.${nextCaller++}`) =>
  call(app.contract, app.server.base, `/lens/compare.json?left=${encodeURIComponent(left)}&right=${encodeURIComponent(right)}`, {
    localAddress: from,
  });

describe("GET /lens/compare.json", () => {
  it("summarizes both sides and lists what differs", async () => {
    const r = await compare(`${native.base}/`, `${walled.base}/`);
    expect(r.status).toBe(200);
    expect(r.headers.get("ratelimit-policy")).toBe('"compare";q=4;w=60');
    const body = r.body as {
      left: { level: number; tier: string; doors: number; title: string };
      right: { level: number; tier: string; doors: number; title: string };
      same: Record<string, boolean>;
      differences: { field: string; left: unknown; right: unknown }[];
      summary: string;
    };
    expect(body.left).toMatchObject({ level: 5, tier: "signaled", title: "Tide notes" });
    expect(body.right).toMatchObject({ level: 0, tier: "paid", title: "Walled garden" });
    expect(body.left.doors).toBeGreaterThan(body.right.doors);
    expect(body.same).toMatchObject({ content: false, tier: false, surfaces: false, status: true });
    const fields = body.differences.map((d) => d.field);
    expect(fields).toEqual(expect.arrayContaining(["title", "readiness", "level", "tier", "surfaces.mcp"]));
    expect(body.summary).toMatch(/^Left is more agent-ready/);
  });

  it("finds nothing to tell apart between a URL and itself", async () => {
    const r = await compare(`${walled.base}/`, `${walled.base}/`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ differences: [], summary: "No difference lens can see." });
  });

  it("refuses a missing or private side with 400 naming it", async () => {
    const missing = await call(app.contract, app.server.base, `/lens/compare.json?left=${encodeURIComponent(`${native.base}/`)}`, {
      localAddress: `127.0.0.${nextCaller++}`,
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: "bad_request", parameter: "right" });
    const priv = await compare(`${native.base}/`, "http://169.254.169.254/latest/meta-data/");
    expect(priv.status).toBe(400);
    expect(priv.body).toMatchObject({ code: "bad_request", parameter: "right" });
  });

  it("answers 502 naming the side that could not be read", async () => {
    const r = await compare(`http://127.0.0.1:${closed}/`, `${native.base}/`);
    expect(r.status).toBe(502);
    expect(r.body).toMatchObject({ code: "upstream_failed" });
    expect((r.body as { error: string }).error).toMatch(/^The left URL: /);
  });

  it("allows 4 comparisons a minute per caller, then 429 with Retry-After", async () => {
    const from = `127.0.0.${nextCaller++}`;
    for (let i = 0; i < 4; i++) expect((await compare(`${walled.base}/`, `${walled.base}/`, from)).status).toBe(200);
    const refused = await compare(`${walled.base}/`, `${walled.base}/`, from);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appUnderTest } from "./helpers/app";
import { call } from "./helpers/openapi";
import { startLensTargets, type LensTargets } from "./helpers/lens-targets";

/**
 * /lens/fetch over real HTTP against the built app. The targets are loopback sites allowed
 * through LENS_ALLOW_HOSTS; every refused URL is refused by validation, before the server
 * resolves or connects to anything.
 */
let site: LensTargets;
const env: Record<string, string> = {};
let closedPort = 0;
beforeAll(async () => {
  site = await startLensTargets();
  closedPort = await freePort();
  env.LENS_ALLOW_HOSTS = `${site.hostPort}, 127.0.0.1:${closedPort}`;
});
afterAll(() => site?.close());
const app = appUnderTest(env);

let nextCaller = 10;
/** Each test speaks from its own loopback address, so budgets do not leak between tests. */
const caller = () => `127.0.0.${nextCaller++}`;

const lens = (qs: string, from = "127.0.0.1") => call(app.contract, app.server.base, `/lens/fetch${qs}`, { localAddress: from });
const target = (path: string) => encodeURIComponent(`${site.base}${path}`);

describe("GET /lens/fetch", () => {
  it("observes a page, as its schema in /openapi.json says", async () => {
    const r = await lens(`?url=${target("/rich")}`, caller());
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.headers.get("ratelimit-policy")).toBe('"inspect";q=30;w=60');
    const o = r.body as { fetchedBy: string; structured: { jsonld: unknown[] }; cost: { tiers: unknown[] } };
    expect(o).toMatchObject({
      ok: true,
      status: 200,
      finalUrl: `${site.base}/rich`,
      phases: { page: true, discovery: true, botViews: true },
    });
    expect(o.fetchedBy).toMatch(
      new RegExp(`^Mozilla/5\\.0 \\(compatible; SiteLens/1\\.0; \\+${app.server.base.replace(/\./g, "\\.")}/developers#lens\\)$`),
    );
    expect(o.structured.jsonld).toHaveLength(3);
    expect(o.cost.tiers).toHaveLength(5);
  });

  it("with phases=page reports the page fields and none of a pass that did not run", async () => {
    const r = await lens(`?url=${target("/rich")}&phases=page`, caller());
    expect(r.status).toBe(200);
    const o = r.body as Record<string, unknown>;
    for (const absent of ["discovery", "wire", "terms", "agent", "botViews", "readiness"]) expect(o, absent).not.toHaveProperty(absent);
    expect(site.hits.get("/rich")).toBeGreaterThanOrEqual(2);
  });

  it("observes a target's 404 as an ordinary observation", async () => {
    const r = await lens(`?url=${target("/missing")}`, caller());
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, status: 404 });
  });

  it.each([
    ["", "Invalid parameter: url is required."],
    ["?url=", "Invalid parameter: url must not be blank."],
    ["?url=%20%20", "Invalid parameter: url must not be blank."],
    ["?url=file%3A%2F%2F%2Fetc%2Fpasswd", "Only http and https URLs can be fetched, not file."],
    ["?url=gopher%3A%2F%2Fexample.com%2F", "Only http and https URLs can be fetched, not gopher."],
    [
      "?url=http%3A%2F%2F169.254.169.254%2Flatest%2Fmeta-data%2F",
      "169.254.169.254 is a cloud metadata address; only public addresses can be fetched.",
    ],
    ["?url=http%3A%2F%2F10.0.0.8%2F", "10.0.0.8 is a private address (RFC 1918); only public addresses can be fetched."],
    ["?url=http%3A%2F%2F%5B%3A%3A1%5D%2F", "::1 is a loopback address (::1); only public addresses can be fetched."],
    ["?url=http%3A%2F%2F2130706433%2F", "127.0.0.1 is a loopback address; only public addresses can be fetched."],
    ["?url=localhost", "localhost names a local or internal host; only public hosts can be fetched."],
    ["?url=https%3A%2F%2Fexample.com%3A6379%2F", "Port 6379 is refused; only ports 80 and 443 can be fetched."],
    ["?url=https%3A%2F%2Fuser%3Apass%40example.com%2F", "URLs with credentials (user:password@) are refused."],
    [`?url=http%3A%2F%2F127.0.0.1%3A${"PORT"}%2F`, "127.0.0.1 is a loopback address; only public addresses can be fetched."],
  ])("refuses %s with a 400 that names url and says why", async (qs, message) => {
    const r = await lens(qs.replace("PORT", "80"), caller());
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ ok: false, code: "bad_request", status: 400, parameter: "url", error: message });
  });

  it("refuses a redirect to a private address, on the hop", async () => {
    const refused = await lens(`?url=${target("/to-metadata")}`, caller());
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      parameter: "url",
      error: "Redirect 1 was refused: 169.254.169.254 is a cloud metadata address; only public addresses can be fetched.",
    });
  });

  it("refuses parameters it does not know the values of", async () => {
    const bad = await lens(`?url=${target("/rich")}&phases=everything`, caller());
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ parameter: "phases" });
    const mode = await lens(`?url=${target("/rich")}&mode=full`, caller());
    expect(mode.status).toBe(400);
    expect(mode.body).toMatchObject({ parameter: "mode" });
  });

  it("answers mode=edge with available: false, not an error, when the third-party scan is off", async () => {
    const r = await lens(`?url=${target("/rich")}&mode=edge`, caller());
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, available: false, fromCache: false, source: "isitagentready.com" });
    expect((r.body as { error: string }).error).toMatch(/turned off/);
  });

  it("answers 502 when the target cannot be reached", async () => {
    const r = await lens(`?url=${encodeURIComponent(`http://127.0.0.1:${closedPort}/`)}`, caller());
    expect(r.status).toBe(502);
    expect(r.body).toMatchObject({
      ok: false,
      code: "upstream_failed",
      error: "The target could not be fetched: the connection was refused.",
    });
  });

  it("answers 502 within the 8-second limit when the target never answers", async () => {
    const started = Date.now();
    const r = await lens(`?url=${target("/slow")}`, caller());
    expect(r.status).toBe(502);
    expect(r.body).toMatchObject({ code: "upstream_failed", error: "The target did not answer within 8 seconds." });
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it("counts against the inspect budget (30 a minute), not the read budget", async () => {
    const from = caller();
    const answers = await Promise.all(Array.from({ length: 31 }, () => lens("?url=file%3A%2F%2F%2Fx", from)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    const limited = answers.find((a) => a.status === 429)!;
    expect(limited.body).toMatchObject({ code: "rate_limited", policy: "inspect" });
    expect(limited.headers.get("ratelimit")).toMatch(/^"inspect";r=0;t=\d+$/);
    const read = await call(app.contract, app.server.base, "/search.json?q=photos", { localAddress: from });
    expect(read.status).toBe(200);
    expect(read.headers.get("ratelimit")).toMatch(/^"read";r=119;/);
  });
}, 300_000);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "./helpers/server";

/**
 * Issue 45 from outside, under both servers: every page a visitor reaches without a query string
 * carries an ETag (the home page answers its validator with a 304); robots.txt, the sitemap and
 * llms.txt are compressed and validated like the pages; the forms (lens, compare, search, the
 * photo filters) are prerendered, and their query (`/lens?url=…`, `/search?q=…`) is still
 * answered per request at the same URL.
 */
const BROWSER = {
  accept: "text/html,application/xhtml+xml,*/*;q=0.8",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/142.0 Safari/537.36",
};

interface Got {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
function get(url: string, headers: Record<string, string> = {}): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { ...BROWSER, ...headers }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}
const vary = (r: Got) =>
  String(r.headers.vary ?? "")
    .toLowerCase()
    .split(/\s*,\s*/);

describe.each(["next start", "npm start"] as const)("pages and texts served like files (%s)", (via) => {
  let app: RunningServer;
  beforeAll(async () => {
    app = await startServer({}, via);
  });
  afterAll(() => app?.stop());

  it("gives every page of the sitemap an ETag, and the home page a 304 for it", async () => {
    const xml = (await get(`${app.base}/sitemap.xml`)).body.toString();
    const pages = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    expect(pages.length).toBeGreaterThan(50);
    expect(pages).toEqual(expect.arrayContaining(["/", "/about", "/lens", "/lens/compare", "/utilities", "/tags"]));
    // The developer guide names the request's host, so Next renders it per request, and Next
    // computes no ETag for a streamed render: under plain `next start` it has none (the edge
    // holds it whole and gives it one under `npm start`). The one page not served like a file there.
    const perRequest = via === "next start" ? new Set(["/developers"]) : new Set<string>();
    const missing: string[] = [];
    for (const p of pages.filter((p) => !perRequest.has(p))) {
      const r = await get(`${app.base}${p}`);
      if (r.status !== 200 || !/^"[^"]+"$/.test(String(r.headers.etag))) missing.push(`${p} ${r.status} ${r.headers.etag}`);
    }
    expect(missing).toEqual([]);
    const home = await get(`${app.base}/`);
    const again = await get(`${app.base}/`, { "if-none-match": String(home.headers.etag) });
    expect([again.status, again.body.length]).toEqual([304, 0]);
  });

  it.each(["/robots.txt", "/sitemap.xml", "/llms.txt"])("%s: an ETag, and gzip of the same bytes for a client that asks", async (p) => {
    const plain = await get(`${app.base}${p}`, { "accept-encoding": "identity" });
    expect(plain.status).toBe(200);
    expect(plain.headers.etag).toMatch(/^"[^"]+"$/);
    const gz = await get(`${app.base}${p}`, { "accept-encoding": "gzip" });
    expect([gz.status, gz.headers["content-encoding"]], p).toEqual([200, "gzip"]);
    expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(vary(gz)).toContain("accept-encoding");
    expect(String(gz.headers.etag).replace(/^W\//, "")).toBe(plain.headers.etag);
  });

  it("answers robots.txt's validator with a 304", async () => {
    const r = await get(`${app.base}/robots.txt`);
    const again = await get(`${app.base}/robots.txt`, { "if-none-match": String(r.headers.etag) });
    expect(again.status).toBe(304);
  });

  it("serves the forms as prerendered pages: shared-cacheable, with an ETag, no result", async () => {
    for (const p of ["/lens", "/lens/compare", "/lens?url=", "/search", "/photos"]) {
      const r = await get(`${app.base}${p}`);
      expect(r.status, p).toBe(200);
      expect(String(r.headers["cache-control"]), p).toMatch(/public.*s-maxage/);
      expect(r.headers.etag, p).toMatch(/^"[^"]+"$/);
      const html = r.body.toString();
      expect(html, p).toMatch(/<form[^>]*action="\/(lens|lens\/compare|search|photos)"/);
      expect(html, p).not.toContain('role="alert"');
    }
  });

  it("still renders a lens query per request at its own URL, kept from shared caches", async () => {
    const one = await get(`${app.base}/lens?url=${encodeURIComponent("not a url at all")}`);
    expect(one.status).toBe(200);
    expect(one.body.toString()).toContain('role="alert"');
    expect(one.body.toString()).toContain('value="not a url at all"');
    expect(String(one.headers["cache-control"])).not.toMatch(/public|s-maxage/);
    const left = await get(`${app.base}/lens/compare?left=${encodeURIComponent("a.invalid/x")}`);
    expect(left.body.toString()).toContain('value="a.invalid/x"');
    expect(String(left.headers["cache-control"])).not.toMatch(/public|s-maxage/);
    const both = await get(`${app.base}/lens/compare?left=nope&right=${encodeURIComponent("also nope")}`);
    expect(both.body.toString()).toContain('role="alert"');
    expect(String(both.headers["cache-control"])).not.toMatch(/public|s-maxage/);
  });

  it("answers the forms' query pages by their own path with the site's 404 (only a query reaches them)", async () => {
    for (const p of ["/search/result", "/lens/result", "/lens/compare/result", "/photos/filtered", "/search/result?q="]) {
      const r = await get(`${app.base}${p}`);
      expect(r.status, p).toBe(404);
    }
  });

  it("still answers a search or a photo filter per request at its own URL", async () => {
    const all = (await get(`${app.base}/photos`)).body.toString();
    const count = (html: string) => Number(/(\d+)(?:<!-- -->)? photo/.exec(html)?.[1]);
    const none = await get(`${app.base}/photos?recipe=${encodeURIComponent("no recipe says this")}`);
    expect(count(none.body.toString())).toBe(0);
    expect(count(all)).toBeGreaterThan(0);
    expect(String(none.headers["cache-control"])).not.toMatch(/public|s-maxage/);
    const found = await get(`${app.base}/search?q=espresso`);
    expect(found.status).toBe(200);
    expect(found.body.toString()).toContain('value="espresso"');
    expect(String(found.headers["cache-control"])).not.toMatch(/public|s-maxage/);
  });
});

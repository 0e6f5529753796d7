import { readdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appUnderTest } from "./helpers/app";
import { startSharedCache, type SharedCache } from "./helpers/nginx";

/**
 * The HTTP a browser, a shared cache and a crawler expect, over real HTTP against the built
 * app: one Vary naming Accept on everything that negotiates Markdown, the twin linked from
 * the HTML, ETag and 304, compression, security headers; then through a real nginx cache.
 */
const app = appUnderTest();

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  raw: string[];
  body: Buffer;
}
function get(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: res.rawHeaders, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}
const lines = (r: Raw, name: string) => r.raw.filter((_, i) => i % 2 === 0 && r.raw[i].toLowerCase() === name).length;
const varyOf = (r: Raw) =>
  String(r.headers.vary ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase());

describe("API responses and text artifacts", () => {
  it.each(["/feed.json", "/feed.xml", "/llms.txt", "/llms-full.txt", "/openapi.json", "/resume.json", "/search.json?q=espresso"])(
    "%s has an ETag and answers If-None-Match with 304",
    async (path) => {
      const r = await get(`${app.server.base}${path}`);
      expect(r.status).toBe(200);
      expect(r.headers.etag).toMatch(/^"[\w-]+"$/);
      const again = await get(`${app.server.base}${path}`, { "if-none-match": String(r.headers.etag) });
      expect(again.status).toBe(304);
      expect(again.headers.etag).toBe(r.headers.etag);
    },
  );

  it("/openapi.json declares the ETag and the 304 of exactly the operations that send them", async () => {
    type Param = { name: string; in: string; required?: boolean; example?: unknown; schema?: { examples?: unknown[] } };
    type Op = { parameters?: Param[]; responses: Record<string, { headers?: Record<string, unknown> }> };
    const paths = app.contract.doc.paths as Record<string, { get?: Op }>;
    let checked = 0;
    for (const [template, item] of Object.entries(paths)) {
      const op = item.get;
      if (!op || template.includes("{")) continue;
      const query = new URLSearchParams();
      const required = (op.parameters ?? []).filter((p) => p.in === "query" && p.required);
      for (const p of required) {
        const example = p.example ?? p.schema?.examples?.[0];
        if (example !== undefined) query.set(p.name, String(example));
      }
      if (query.size < required.length) continue;
      const path = `${template}${query.size ? `?${query}` : ""}`;
      const r = await get(`${app.server.base}${path}`);
      if (r.status !== 200) continue;
      checked++;
      const documented = "304" in op.responses;
      expect(Boolean(r.headers.etag), `${path}: ETag sent ⇔ 304 documented`).toBe(documented);
      expect("ETag" in (op.responses["200"].headers ?? {}), `${path}: ETag declared on the 200`).toBe(documented);
      if (!documented) continue;
      const again = await get(`${app.server.base}${path}`, { "if-none-match": String(r.headers.etag) });
      expect(again.status, path).toBe(304);
    }
    expect(checked).toBeGreaterThan(15);
  });

  it.each(["/openapi.json", "/feed.xml", "/llms-full.txt", "/feed.json"])(
    "%s is gzipped for a client that accepts it, to the same bytes",
    async (path) => {
      const plain = await get(`${app.server.base}${path}`);
      // The first gzip streams through the compressor; later ones are the body's gzip made once (lib/core/memo.ts).
      for (let i = 0; i < 3; i++) {
        const gz = await get(`${app.server.base}${path}`, { "accept-encoding": "gzip" });
        expect(gz.headers["content-encoding"]).toBe("gzip");
        expect(lines(gz, "content-encoding")).toBe(1);
        expect(varyOf(gz)).toContain("accept-encoding");
        expect(lines(gz, "vary")).toBe(1);
        // Another representation, so not the identity body's strong validator (RFC 9110 §8.8.3): its weak form.
        expect(gz.headers.etag).toBe(`W/${plain.headers.etag}`);
        expect(gz.body.length).toBeLessThan(plain.body.length / 2);
        expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true);
      }
      // The identity answer is one representation of several too: a shared cache must not
      // hand it to every client (RFC 9110 §12.5.5), so it names Accept-Encoding as well.
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(varyOf(plain)).toContain("accept-encoding");
      expect(lines(plain, "vary")).toBe(1);
      // Either validator revalidates either representation (If-None-Match compares weakly).
      for (const [etag, encoding] of [
        [`W/${plain.headers.etag}`, "gzip"],
        [String(plain.headers.etag), "gzip"],
        [`W/${plain.headers.etag}`, "identity"],
      ]) {
        const again = await get(`${app.server.base}${path}`, { "if-none-match": etag, "accept-encoding": encoding });
        expect([again.status, again.body.length], `${etag} ${encoding}`).toEqual([304, 0]);
        expect(again.headers.etag).toBe(encoding === "gzip" ? `W/${plain.headers.etag}` : plain.headers.etag);
      }
    },
  );

  it("a page gzipped on its way out carries the weak form of its ETag, and revalidates", async () => {
    const plain = await get(`${app.server.base}/writing/markdown-twins`);
    const gz = await get(`${app.server.base}/writing/markdown-twins`, { "accept-encoding": "gzip" });
    expect(plain.headers.etag).toMatch(/^"[^"]+"$/);
    expect([gz.headers["content-encoding"], gz.headers.etag]).toEqual(["gzip", `W/${plain.headers.etag}`]);
    const again = await get(`${app.server.base}/writing/markdown-twins`, {
      "if-none-match": String(gz.headers.etag),
      "accept-encoding": "gzip",
    });
    expect(again.status).toBe(304);
  });

  it.each(["/search.json?q=carburettor", "/writing.md", "/writing"])(
    "%s names Accept-Encoding in Vary whatever the request's",
    async (path) => {
      for (const headers of [{}, { "accept-encoding": "gzip" }, { "accept-encoding": "identity" }] as Record<string, string>[]) {
        const r = await get(`${app.server.base}${path}`, headers);
        expect(r.status).toBe(200);
        expect(varyOf(r), `${path} ${JSON.stringify(headers)}`).toContain("accept-encoding");
        expect(lines(r, "vary")).toBe(1);
      }
    },
  );

  it("sends a small answer as it is, with no Content-Encoding and no private header", async () => {
    for (const headers of [{}, { "accept-encoding": "gzip" }] as Record<string, string>[]) {
      const r = await get(`${app.server.base}/health.json`, headers);
      expect(r.status).toBe(200);
      expect(r.headers["content-encoding"]).toBeUndefined();
      expect(Object.keys(r.headers).filter((h) => h.startsWith("x-site-"))).toEqual([]);
      expect(JSON.parse(r.body.toString()).ok).toBe(true);
    }
  });

  it("never holds an event stream back for the compressor", async () => {
    const r = await get(`${app.server.base}/ask?query=espresso`, { "accept-encoding": "gzip", accept: "text/event-stream" });
    expect(r.headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(r.headers["content-encoding"]).toBeUndefined();
  });
});

/**
 * Every page type a visitor reaches, and the texts the site serves beside them: each the same
 * bytes for the process's life (prerendered, or decided at start) is answered like a file
 * (issue 45): an ETag, a 304 on If-None-Match, br or gzip when asked (the same bytes), and a
 * Cache-Control a shared cache may keep. A page showing the request (its host) is rendered
 * per request, but revalidates with a 304 as well.
 */
describe("pages and texts served like files", () => {
  const SHARED = "public, max-age=0, s-maxage=300, must-revalidate";
  const photo = readdirSync(path.join(import.meta.dirname, "..", "photos"))
    .find((n) => n.endsWith(".jpg"))!
    .slice(0, -4);
  // [path, Cache-Control, codings a client asking "br, gzip" may get]: texts the edge builds itself are gzipped only.
  const cases: [string, string, string?][] = [
    ["/", SHARED],
    ["/about", SHARED],
    ["/writing/markdown-twins", SHARED],
    ["/writing", SHARED],
    ["/tags", SHARED],
    ["/tags/photography", SHARED],
    [`/photos/${photo}`, SHARED],
    ["/utilities", SHARED],
    ["/lens", SHARED],
    ["/lens/compare", SHARED],
    ["/developers", "public, no-cache"],
    ["/sitemap.xml", SHARED],
    ["/robots.txt", "public, max-age=3600", "gzip"],
  ];
  it.each(cases)(
    "%s: ETag, 304, br and gzip of the same bytes, a Cache-Control caches may keep",
    async (page, cacheControl, best = "br") => {
      // The process's first plain GET of a page is the one Next renders it with (for a metadata
      // file such as the sitemap, with Next's own head); every later one is answered as below.
      await get(`${app.server.base}${page}`);
      const plain = await get(`${app.server.base}${page}`);
      expect(plain.status).toBe(200);
      expect(plain.headers["cache-control"]).toBe(cacheControl);
      // The page kept after its first render is compressed once, at the best level: wait for it.
      for (let i = 0; i < 200; i++) {
        if ((await get(`${app.server.base}${page}`, { "accept-encoding": "br, gzip" })).headers["content-encoding"] === best) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      // Twice: the first plain GET may be the one the server renders the page with.
      for (let i = 0; i < 2; i++) {
        const again = await get(`${app.server.base}${page}`);
        expect(again.headers.etag, page).toMatch(/^"[^"]+"$/);
        if (page !== "/developers") expect(again.body.equals(plain.body), `${page}: the same bytes`).toBe(true);
        expect(varyOf(again)).toContain("accept-encoding");
        expect(lines(again, "vary")).toBe(1);
      }
      const tag = String((await get(`${app.server.base}${page}`)).headers.etag);
      for (const [accept, coding, decode] of [
        ["br, gzip", best, best === "br" ? zlib.brotliDecompressSync : zlib.gunzipSync],
        ["gzip", "gzip", zlib.gunzipSync],
      ] as const) {
        const enc = await get(`${app.server.base}${page}`, { "accept-encoding": accept });
        expect([enc.status, enc.headers["content-encoding"], enc.headers.etag], `${page} ${accept}`).toEqual([200, coding, `W/${tag}`]);
        expect(enc.headers["cache-control"]).toBe(cacheControl);
        expect(decode(enc.body).length).toBe(plain.body.length);
      }
      for (const inm of [tag, `W/${tag}`]) {
        const cond = await get(`${app.server.base}${page}`, { "if-none-match": inm, "accept-encoding": "gzip" });
        expect([cond.status, cond.body.length], `${page} If-None-Match ${inm}`).toEqual([304, 0]);
        expect(cond.headers.etag).toBe(`W/${tag}`);
      }
    },
  );

  it("gives the server's first visitor of a page the page compressed, as every later one", async () => {
    // No other test of this file reads this page, so this GET is the one Next renders it with.
    const page = "/garage/cb400f-valve-clearances";
    const first = await get(`${app.server.base}${page}`, { "accept-encoding": "br, gzip" });
    expect([first.status, first.headers["content-encoding"]]).toEqual([200, "br"]);
    const plain = await get(`${app.server.base}${page}`);
    expect(zlib.brotliDecompressSync(first.body).equals(plain.body)).toBe(true);
    expect(first.headers.etag).toBe(`W/${String(plain.headers.etag)}`);
    expect(first.headers["cache-control"]).toBe(plain.headers["cache-control"]);
  });

  it("keeps a page rendered for a query private: it reads the caller (its budgets, a 429's text)", async () => {
    for (const page of ["/search?q=espresso", "/lens?url=https%3A%2F%2Fexample.org%2F"]) {
      await get(`${app.server.base}${page.split("?")[0]}`);
      const r = await get(`${app.server.base}${page}`);
      expect(String(r.headers["cache-control"] ?? ""), page).not.toMatch(/public|s-maxage/);
    }
  });

  it("answers from memory only a page's own spelling: the others get Next's redirect to it", async () => {
    for (let i = 0; i < 2; i++) await get(`${app.server.base}/about`);
    const slash = await get(`${app.server.base}/about/`);
    expect([slash.status, slash.headers.location]).toEqual([308, "/about"]);
  });

  it("leaves Next's own requests to Next: an RSC navigation gets the payload, not the page kept in memory", async () => {
    for (let i = 0; i < 3; i++) await get(`${app.server.base}/about`);
    // Without `_rsc` Next redirects to a URL with it; that redirect must not be shared-cacheable under the page's URL.
    const bare = await get(`${app.server.base}/about`, { rsc: "1" });
    expect(bare.status).toBe(307);
    expect(String(bare.headers["cache-control"] ?? "")).not.toMatch(/s-maxage|public/);
    const rsc = await get(`${app.server.base}${String(bare.headers.location)}`, { rsc: "1" });
    expect(rsc.status).toBe(200);
    expect(String(rsc.headers["content-type"])).toMatch(/^text\/x-component/);
    expect(varyOf(rsc)).toContain("rsc");
    // A prefetch (its own `_rsc` hash, so Next redirects or answers the payload): never the page's HTML.
    const prefetch = await get(`${app.server.base}/about?_rsc=x`, { rsc: "1", "next-router-prefetch": "1" });
    expect(String(prefetch.headers["content-type"] ?? "")).not.toMatch(/^text\/html/);
    const html = await get(`${app.server.base}/about`);
    expect(String(html.headers["content-type"])).toMatch(/^text\/html/);
  });
});

describe("through a shared cache (nginx proxy_cache)", () => {
  let cache: SharedCache;
  beforeAll(async () => {
    cache = await startSharedCache(app.server.base);
  });
  afterAll(() => cache?.stop());

  it("gives every client what it asked for, in any order of HTML and Markdown requests", async () => {
    const html = { accept: "text/html,application/xhtml+xml" };
    const md = { accept: "text/markdown" };
    const order = [md, html, md, html, html, md, md, html];
    const statuses: string[] = [];
    for (const path of ["/writing/markdown-twins", "/about"]) {
      for (const headers of order) {
        const r = await get(`${cache.base}${path}`, headers);
        expect(r.status).toBe(200);
        const wantMarkdown = headers === md;
        expect(String(r.headers["content-type"]), `${path} as ${headers.accept}`).toMatch(wantMarkdown ? /^text\/markdown/ : /^text\/html/);
        statuses.push(String(r.headers["x-cache"]));
      }
    }
    // The cache really served from its store (the test proves nothing if it passed everything
    // through): nginx keeps one variant per URL, so each request repeating the previous one's
    // Accept is a HIT, and each switch a MISS that replaces the variant.
    const repeats = order.map((h, i) => i > 0 && h === order[i - 1]);
    expect(statuses).toEqual([...repeats, ...repeats].map((r) => (r ? "HIT" : "MISS")));
  });

  it("revalidates the gzip and the identity body with a 304, each with its own validator", async () => {
    for (const encoding of ["gzip", "identity", "gzip"]) {
      const first = await get(`${cache.base}/feed.json`, { "accept-encoding": encoding });
      expect(first.status).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag, encoding).toMatch(encoding === "gzip" ? /^W\/"[^"]+"$/ : /^"[^"]+"$/);
      const again = await get(`${cache.base}/feed.json`, { "accept-encoding": encoding, "if-none-match": etag });
      expect([again.status, again.body.length], encoding).toEqual([304, 0]);
    }
  });
});

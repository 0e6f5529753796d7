import http, { type IncomingMessage } from "node:http";
import net, { type AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FOREIGN_METHOD_HEADER, MALFORMED_PATH_HEADER, ROUTED_HEADER, ROUTED_VALUE, SOCKET_HEADER, STAMP_HEADER } from "@/lib/core/wire";
import type { PageIndex } from "@/lib/site/page-index";
import type { AppRoute, AppRoutes, RouteHandler } from "./app-routes";
import { startup } from "./configure";
import { createEdgeServer } from "./server";
import { LIVE_CACHE_CONTROL, PAGE_CACHE_CONTROL } from "./twins";

/**
 * The edge in front of a stand-in for Next (it records what it was handed) and app routes
 * that echo what their handler received: what each request becomes on either side.
 */
const index: PageIndex = {
  pages: new Set(["/", "/about", "/live"]),
  twinTargets: new Map([
    ["/", "/twins/index"],
    ["/about", "/twins/about"],
    ["/live", "/twins/live"],
  ]),
  hidden: new Set<string>(),
  featured: new Set(["/live"]),
};
const big = "x".repeat(4096);

/** A handler answering what it saw, as JSON (large enough to be gzipped when `pad`). */
const echo =
  (name: string, pad = false): RouteHandler =>
  async (req, ctx) =>
    Response.json(
      { name, method: req.method, url: req.url, ctx: ctx ?? null, headers: Object.fromEntries(req.headers), pad: pad ? big : "" },
      { headers: { vary: "Accept" } },
    );
const allMethods = (h: RouteHandler): AppRoute => ({
  handlers: Object.fromEntries(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].map((m) => [m, h])),
});
const visits: string[] = [];
const routes: AppRoutes = {
  routeOf: (path) =>
    path === "/health.json"
      ? allMethods(echo("health"))
      : path === "/big.json"
        ? allMethods(echo("big", true))
        : path === "/boom"
          ? allMethods(async () => Promise.reject(new Error("boom (expected by the test)")))
          : path.startsWith("/twins/")
            ? allMethods(echo(`twin ${path}`))
            : undefined,
  pageMethods: allMethods(echo("page methods")),
  unserved: allMethods(echo("unserved")),
  filePreflight: allMethods(echo("file preflight")),
  recordVisit: (method, ua) => visits.push(`${method} ${ua}`),
};

const handedToNext: { url: string; headers: IncomingMessage["headers"] }[] = [];
let server: http.Server;
let base: string;
let stamp: string;
beforeAll(async () => {
  const s = startup({}, null);
  if (!("config" in s)) throw new Error(s.refuse);
  stamp = s.config.stamp;
  server = createEdgeServer({
    config: s.config,
    next: async (req, res) => {
      handedToNext.push({ url: req.url ?? "", headers: { ...req.headers } });
      res.setHeader("Vary", "rsc");
      res.setHeader("content-type", "text/html");
      // The home page large enough to be compressed.
      res.end(req.url === "/" ? `<p>from next</p><!--${big}-->` : "<p>from next</p>");
    },
    routes,
    index,
    servesFile: (p) => p === "/favicon.ico",
    nextRoute: (p) => p === "/sitemap.xml",
    prerendered: new Set(["/", "/about"]),
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server?.close());

function call(path: string, o: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; raw: Buffer }>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method: o.method ?? "GET", headers: o.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, raw: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end(o.body);
  });
}
interface Echo {
  name: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  pad: string;
  ok?: boolean;
  code?: string;
}
const json = (r: { raw: Buffer; headers: http.IncomingHttpHeaders }) =>
  JSON.parse((r.headers["content-encoding"] === "gzip" ? gunzipSync(r.raw) : r.raw).toString()) as Echo;

describe("the edge", () => {
  it("calls the app's handler with a stamped standard Request: a client's private headers gone, the socket and Host said", async () => {
    const r = await call("/health.json?x=1", {
      headers: { "x-site-socket-ip": "203.0.113.1", "x-site-stamp": "guess", "x-site-routed": "1" },
    });
    const seen = json(r);
    expect(seen.name).toBe("health");
    expect(seen.url).toBe("http://localhost/health.json?x=1");
    expect(seen.headers[SOCKET_HEADER]).toBe("127.0.0.1");
    expect(seen.headers[STAMP_HEADER]).toBe(stamp);
    expect(seen.headers["x-site-request-host"]).toBe(new URL(base).host);
    expect(seen.headers[ROUTED_HEADER]).toBeUndefined();
  });

  it("adds the security headers to what it answers, and HSTS behind https", async () => {
    const r = await call("/health.json", { headers: { "x-forwarded-proto": "https" } });
    expect(r.headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
    expect(r.headers["x-frame-options"]).toBe("DENY");
    expect(r.headers["strict-transport-security"]).toMatch(/max-age=/);
    expect((await call("/health.json")).headers["strict-transport-security"]).toBeUndefined();
  });

  it("gzips a large answer for a client that takes it, in one Vary", async () => {
    const r = await call("/big.json", { headers: { "accept-encoding": "gzip" } });
    expect(r.headers["content-encoding"]).toBe("gzip");
    expect(r.headers.vary).toBe("Accept, Accept-Encoding");
    expect(json(r).pad).toBe(big);
  });

  it("hands a method no handler takes on as PATCH, with the real one stamped", async () => {
    const seen = json(await call("/health.json", { method: "PROPFIND" }));
    expect(seen.method).toBe("PATCH");
    expect(seen.headers[FOREIGN_METHOD_HEADER]).toBe("PROPFIND");
  });

  it("answers a malformed target with the 404 handler, marked so it answers 400", async () => {
    const seen = json(await call("/%ff"));
    expect(seen.name).toBe("unserved");
    expect(seen.headers[MALFORMED_PATH_HEADER]).toBe("1");
  });

  it("routes twins, page methods and OPTIONS itself", async () => {
    expect(json(await call("/about.md")).name).toBe("twin /twins/about");
    expect(json(await call("/about", { headers: { accept: "text/markdown" } })).name).toBe("twin /twins/about");
    expect(json(await call("/about", { method: "POST" })).name).toBe("page methods");
    expect(json(await call("/favicon.ico", { method: "OPTIONS" })).name).toBe("file preflight");
    expect(json(await call("/nope.json", { method: "OPTIONS" })).name).toBe("unserved");
  });

  it("hands a page to Next marked as routed, with its Vary, Link and, when prerendered, its Cache-Control; and counts the read", async () => {
    visits.length = 0;
    const r = await call("/about", { headers: { "user-agent": "GPTBot/1.2" } });
    const handed = handedToNext.at(-1)!;
    expect(handed.url).toBe("/about");
    expect(handed.headers[ROUTED_HEADER]).toBe(ROUTED_VALUE);
    expect(r.headers.vary).toBe("Accept, rsc");
    expect(r.headers.link).toBe('</about.md>; rel="alternate"; type="text/markdown"');
    expect(r.headers["cache-control"]).toBe(PAGE_CACHE_CONTROL);
    expect(visits).toEqual(["GET GPTBot/1.2"]);
    const live = await call("/live");
    expect(live.headers["cache-control"]).toBe(LIVE_CACHE_CONTROL);
    expect(live.headers.link).toBe('</live.md>; rel="alternate"; type="text/markdown"');
    expect(live.headers.etag).toMatch(/^"[\w-]+"$/);
    const again = await call("/live", { headers: { "if-none-match": String(live.headers.etag) } });
    expect([again.status, again.raw.length]).toEqual([304, 0]);
  });

  it("keeps a page the same for the process's life after Next renders it once, and leaves Next's own requests to Next", async () => {
    await call("/");
    const before = handedToNext.length;
    for (let i = 0; i < 50 && (await call("/")).headers.etag === undefined; i++) await new Promise((r) => setTimeout(r, 10));
    const r = await call("/", { headers: { "accept-encoding": "br" } });
    const n = handedToNext.length;
    expect(n - before).toBeLessThanOrEqual(1);
    expect([r.headers["content-encoding"], r.headers["cache-control"], r.headers.vary]).toEqual([
      "br",
      PAGE_CACHE_CONTROL,
      "Accept, rsc, Accept-Encoding",
    ]);
    expect(brotliDecompressSync(r.raw).toString()).toBe(`<p>from next</p><!--${big}-->`);
    expect((await call("/")).raw.toString()).toBe(`<p>from next</p><!--${big}-->`);
    expect(handedToNext.length).toBe(n);
    await call("/", { headers: { rsc: "1" } });
    await call("/?_rsc=x");
    expect(handedToNext.length).toBe(n + 2);
  });

  it("hands Next its files and its own routes as they came, and answers every other path with the 404 itself", async () => {
    await call("/favicon.ico");
    expect(handedToNext.at(-1)!.url).toBe("/favicon.ico");
    expect((await call("/sitemap.xml")).raw.toString()).toBe("<p>from next</p>");
    const handed = handedToNext.length;
    expect(json(await call("/no-such-page")).name).toBe("unserved");
    expect(json(await call(`/${"a".repeat(5000)}`)).name).toBe("unserved");
    expect(handedToNext).toHaveLength(handed);
  });

  it("refuses a body announced past 64 KiB before reading it", async () => {
    const { text, ms } = await new Promise<{ text: string; ms: number }>((resolve) => {
      const started = Date.now();
      const { port } = server.address() as AddressInfo;
      const socket = net.connect(port, "127.0.0.1", () =>
        socket.write("POST /health.json HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10485760\r\n\r\n{"),
      );
      let out = "";
      socket.on("data", (d) => (out += d));
      socket.on("close", () => resolve({ text: out, ms: Date.now() - started }));
    });
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(text.toLowerCase()).toContain("connection: close");
    expect(text).toContain('"code":"bad_request"');
    expect(ms).toBeLessThan(1000);
  });

  it("answers a handler's failure with the 500 in the Error shape", async () => {
    const r = await call("/boom");
    expect(r.status).toBe(500);
    expect(json(r)).toMatchObject({ ok: false, code: "internal_error" });
    expect(r.headers["x-content-type-options"]).toBe("nosniff");
  });
});

import net from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Contract, call, type ApiResult } from "./helpers/openapi";
import { startServer, type RunningServer } from "./helpers/server";
import type { HttpOptions } from "./helpers/http";

/**
 * What a client sees at the edge, run against each way the site is served: `npm start`
 * (the edge, lib/edge, in front of Next) and `next start` (Next alone, proxy.ts routing pages
 * and twins). Both must answer alike except where DIFFERENCES says why they cannot.
 */
export type Mode = "npm start" | "next start";

/**
 * Where the two ways differ on purpose, each for a reason that holds after the edge is
 * rewritten. The tests below branch on these and on nothing else.
 */
export const DIFFERENCES = {
  rawSocket: {
    what: "malformed HTTP, CONNECT and headers over Node's limit get Node's bare answer (CONNECT: a closed socket) under next start, the Error shape under npm start",
    why: "Node's parser answers these before any request handler runs; only a server that owns the socket (the edge) can shape them, and Next alone exposes no hook there",
  },
  pageVary: {
    what: "an HTML page's Vary is Next's own (rsc, next-router-…) under next start, without the Accept that npm start adds, so a shared cache in front of next start may hand the HTML to a Markdown client",
    why: "Next 16.4 sets a page's Vary with setHeader after the proxy's headers are applied, dropping any Vary set before (vercel/next.js#85999, fix in review); the edge's response keeps every party's Vary (lib/edge/node.ts EdgeResponse). The next-start test below fails once Next keeps it",
  },
  nextMethods: {
    what: "PROPFIND, SEARCH, QUERY or MKCOL on an endpoint or an unknown path is Next's bare 400 under next start; TRACE anywhere and the target * a bare 500; under npm start, the 405 naming the method (the 404 on an unknown path) and the 400 in the Error shape",
    why: "Next refuses a method outside its seven in the route layer, and fails to build a Request for TRACE or *, before proxy.ts or any route runs; proxy.ts could catch the first only by running on every API request, since a matcher cannot name a method (a second function call per request on Vercel). On a page the proxy runs anyway, and answers them",
  },
  bodylessMethods: {
    what: "a DELETE, TRACE or other method sent without a body (no Content-Length or Transfer-Encoding) to a prerendered page gets Next's own answer under next start (the page itself, 200, from a route with params such as app/[page] or a collection's entries; a bare 405 on a static page such as the home page); the 405 with Allow in the Error shape under npm start. A POST, PUT or PATCH carries one (every client sends a Content-Length with them, Node and fetch with any method but DELETE, TRACE and OPTIONS): both answer those the 405",
    why: "a plain GET of a prerendered page no longer runs proxy.ts under next start: Next's adapter around it cost more than half of such an answer (bench/NEXT.md). A matcher cannot name a method, only headers, so the proxy runs for a request with a body (lib/edge/page-matcher.ts) and Next answers the others as it answers any method on a static page, with the page. The pages Next renders per request and every twin keep the proxy, and the 405",
  },
  bareOptions: {
    what: "an OPTIONS without Access-Control-Request-Method on a file, an unknown one-segment *.json or a prerendered page is Next's own 405 or 400 under next start, the preflight or the 404 under npm start; CORS preflights get the same answer under both",
    why: "proxy.ts runs for CORS preflights (a matcher can require that header) but not for every request to a file or a prerendered page; a browser only ever sends the preflight",
  },
} as const;

const PAGE = "/writing/markdown-twins";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
const PAGE_ALLOW = "GET, HEAD, OPTIONS";

/** How many lines of a raw response head carry `name`: a merged Vary is one line, not several. */
function headerLines(text: string, name: string): number {
  const head = text.slice(0, text.indexOf("\r\n\r\n")).toLowerCase();
  return head.split("\r\n").filter((l) => l.startsWith(`${name}:`)).length;
}

function vary(r: ApiResult): string[] {
  return (r.headers.get("vary") ?? "").split(",").map((s) => s.trim().toLowerCase());
}

/** Registers the battery against a server started once for the whole file. */
export function edgeBattery(mode: Mode): void {
  let server: RunningServer;
  let contract: Contract;
  beforeAll(async () => {
    server = await startServer({}, mode);
    contract = await Contract.load(server.base);
  });
  afterAll(() => server?.stop());

  const req = (path: string, options: HttpOptions = {}) => call(contract, server.base, path, options);
  const npmStart = mode === "npm start";

  /** One request on its own socket, exactly as written; resolves with every byte that came back. */
  const raw = (text: string) =>
    new Promise<{ text: string; ms: number }>((resolve, reject) => {
      const started = Date.now();
      const socket = net.connect(server.port, "127.0.0.1", () => socket.write(text));
      let out = "";
      socket.on("data", (d) => (out += d));
      socket.on("close", () => resolve({ text: out, ms: Date.now() - started }));
      socket.on("error", (e: NodeJS.ErrnoException) => (e.code === "ECONNRESET" || e.code === "EPIPE" ? undefined : reject(e)));
      socket.setTimeout(10_000, () => socket.destroy());
    });
  const statusOf = (text: string) => Number(text.split(" ")[1]);
  const bodyOf = (text: string) => JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as Record<string, unknown>;

  /** A GET that accepts gzip, its body left as bytes (call() decodes text, which gzip is not). */
  const rawGzip = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ head: string; encoding: string | undefined; vary: string; body: Buffer; varyLines: number }>((resolve, reject) => {
      const extra = Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join("");
      const socket = net.connect(server.port, "127.0.0.1", () =>
        socket.write(
          `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nAccept-Encoding: gzip\r\nConnection: close\r\n${extra}\r\n`,
        ),
      );
      const chunks: Buffer[] = [];
      socket.on("data", (d: Buffer) => chunks.push(d));
      socket.on("error", reject);
      socket.on("close", () => {
        const all = Buffer.concat(chunks);
        const split = all.indexOf("\r\n\r\n");
        const head = all.subarray(0, split).toString("latin1");
        const get = (name: string) => new RegExp(`^${name}: (.*)$`, "im").exec(head)?.[1];
        let body: Buffer = all.subarray(split + 4);
        if (/^transfer-encoding: chunked/im.test(head)) body = dechunk(body);
        resolve({
          head,
          encoding: get("content-encoding"),
          vary: get("vary") ?? "",
          body,
          varyLines: headerLines(`${head}\r\n\r\n`, "vary"),
        });
      });
    });

  describe(`${mode}: security headers`, () => {
    it.each([PAGE, `${PAGE}.md`, "/", "/health.json", "/no-such-page", "/nope/x.json", "/robots.txt", "/llms.txt", "/favicon.ico"])(
      "%s carries them, and no HSTS over plain http",
      async (path) => {
        const r = await req(path);
        expect(r.headers.get("content-security-policy"), path).toMatch(/default-src 'self'.*frame-ancestors 'none'/);
        expect(r.headers.get("x-content-type-options"), path).toBe("nosniff");
        expect(r.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
        expect(r.headers.get("x-frame-options"), path).toBe("DENY");
        expect(r.headers.get("permissions-policy"), path).toMatch(/camera=\(\)/);
        expect(r.headers.get("strict-transport-security"), path).toBeNull();
      },
    );

    it.each([PAGE, "/health.json", "/favicon.ico"])("%s adds HSTS behind x-forwarded-proto: https", async (path) => {
      const r = await req(path, { headers: { "x-forwarded-proto": "https" } });
      expect(r.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    });

    // Everything Next sends gets them from next.config.ts's headers() rule (and that rule is all a
    // Vercel build has); what the edge answers itself gets them from lib/edge: the same list, value for value.
    if (npmStart)
      it("are the ones next.config.ts's headers() gives everything Next sends, value for value", async () => {
        const rules = await (await import("../next.config")).default.headers!();
        const always = rules.find((r) => !r.has);
        const https = rules.find((r) => r.has?.some((h) => h.key === "x-forwarded-proto" && h.value === "https"));
        expect(always?.headers.length).toBeGreaterThanOrEqual(5);
        expect(https?.headers.map((h) => h.key)).toEqual(["Strict-Transport-Security"]);
        for (const path of [PAGE, "/health.json", "/nope/x.json"]) {
          const plain = await req(path);
          for (const { key, value } of always!.headers) expect(plain.headers.get(key), `${path} ${key}`).toBe(value);
          const secure = await req(path, { headers: { "x-forwarded-proto": "https" } });
          expect(secure.headers.get("strict-transport-security"), path).toBe(https!.headers[0].value);
        }
      });

    it.each(["/health.json", `${PAGE}.md`, "/nope/x.json"])("%s says nosniff whichever way it is served", async (path) => {
      expect((await req(path)).headers.get("x-content-type-options")).toBe("nosniff");
    });
  });

  describe(`${mode}: CORS`, () => {
    it.each(["/health.json", `${PAGE}.md`, "/nope/x.json"])("%s allows any origin", async (path) => {
      const r = await req(path, { headers: { origin: "https://elsewhere.example" } });
      expect(r.headers.get("access-control-allow-origin"), path).toBe("*");
    });

    it("a preflight for an endpoint names its methods and API-Version", async () => {
      const r = await req("/ask", {
        method: "OPTIONS",
        headers: { origin: "https://elsewhere.example", "access-control-request-method": "POST" },
      });
      expect(r.status).toBe(204);
      expect(r.headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
      expect(r.headers.get("access-control-allow-methods")).toBe("GET, HEAD, POST, OPTIONS");
      expect(r.headers.get("access-control-allow-headers")).toMatch(/API-Version/);
      expect(r.headers.get("access-control-allow-origin")).toBe("*");
    });
  });

  describe(`${mode}: pages and their twins`, () => {
    /** The Vary lines of a GET as sent on the wire (a Headers object would join repeated ones). */
    const varyLines = async (path: string, accept: string) => {
      const { text } = await raw(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: ${accept}\r\nConnection: close\r\n\r\n`);
      expect(statusOf(text), `${path} ${accept}`).toBe(200);
      return { lines: headerLines(text, "vary"), vary: vary(await req(path, { headers: { accept } })) };
    };

    it.each([
      [PAGE, "text/markdown"],
      [`${PAGE}.md`, "text/html"],
      ["/index.md", "*/*"],
    ])("the twin %s for Accept: %s sends one Vary naming Accept", async (path, accept) => {
      const { lines, vary } = await varyLines(path, accept);
      expect(lines).toBe(1);
      expect(vary).toContain("accept");
    });

    it.each([
      [PAGE, "text/html"],
      [PAGE, "*/*"],
      ["/", "text/html"],
    ])(
      `the page %s for Accept: %s sends one Vary ${npmStart ? "naming Accept" : "(Next's own: DIFFERENCES.pageVary)"}`,
      async (path, accept) => {
        const { lines, vary } = await varyLines(path, accept);
        expect(lines).toBe(1);
        expect(vary).toContain("accept-encoding");
        if (npmStart) expect(vary).toContain("accept");
        else expect(vary, "Next keeps a page's Vary now: drop DIFFERENCES.pageVary and lib/edge's EdgeResponse").not.toContain("accept");
      },
    );

    it.each([
      [`${PAGE}.md`, {}],
      [PAGE, { accept: "text/markdown" }],
      ["/index.md", {}],
      ["/", { accept: "text/markdown" }],
    ] as const)("%s %j is the Markdown twin", async (path, headers) => {
      for (const method of ["GET", "HEAD"]) {
        const r = await req(path, { method, headers });
        expect(r.status, `${method} ${path}`).toBe(200);
        expect(r.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
        if (method === "GET") expect(r.text).toMatch(/^# /);
        else expect(r.text).toBe("");
      }
    });

    it("the HTML is the default, for a browser and for */*", async () => {
      for (const headers of [{ "user-agent": BROWSER, accept: "text/html,application/xhtml+xml,*/*;q=0.8" }, {}] as Record<
        string,
        string
      >[]) {
        const r = await req(PAGE, { headers });
        expect(r.status).toBe(200);
        expect(r.headers.get("content-type")).toMatch(/^text\/html/);
      }
    });

    it("the home page's Link names the API catalog, the OpenAPI description, the MCP card and llms.txt", async () => {
      const link = (await req("/", { headers: { "user-agent": BROWSER } })).headers.get("link") ?? "";
      expect(link).toContain('</.well-known/api-catalog>; rel="api-catalog"');
      expect(link).toContain('</openapi.json>; rel="service-desc"');
      expect(link).toContain('</mcp/server-card>; rel="describedby"');
      expect(link).toContain('</llms.txt>; rel="alternate"; type="text/markdown"');
    });

    it("a page's Link names its Markdown twin, the home page's too", async () => {
      for (const [path, twin] of [
        [PAGE, `${PAGE}.md`],
        ["/", "/index.md"],
      ]) {
        const link = (await req(path, { headers: { "user-agent": BROWSER } })).headers.get("link") ?? "";
        expect(link, path).toContain(`<${twin}>; rel="alternate"; type="text/markdown"`);
        expect((await req(twin)).headers.get("content-type")).toMatch(/^text\/markdown/);
      }
    });

    it("a prerendered page is revalidated rather than cached for a year; a page rendered per request is not stored", async () => {
      for (const path of [PAGE, "/"]) {
        const cc = (await req(path)).headers.get("cache-control") ?? "";
        expect(cc, path).toMatch(/max-age|no-cache/);
        expect(cc, path).not.toMatch(/31536000/);
      }
      expect((await req("/ledger")).headers.get("cache-control")).toMatch(/no-store/);
    });

    it("a twin is revalidated rather than cached for a year", async () => {
      const cc = (await req(`${PAGE}.md`)).headers.get("cache-control") ?? "";
      expect(cc).toMatch(/max-age|no-cache/);
      expect(cc).not.toMatch(/31536000/);
    });

    it.each([PAGE, `${PAGE}.md`])("%s has an ETag and answers If-None-Match with an empty 304", async (path) => {
      const etag = (await req(path)).headers.get("etag");
      expect(etag).toBeTruthy();
      const again = await req(path, { headers: { "if-none-match": etag! } });
      expect(again.status).toBe(304);
      expect(again.text).toBe("");
    });

    it.each(["POST", "DELETE", "PUT", "PATCH"])("%s on a page or a twin is a 405 with Allow in the Error shape", async (method) => {
      for (const path of ["/about", PAGE, `${PAGE}.md`, "/", "/developers"]) {
        // DIFFERENCES.bodylessMethods: Node sends no Content-Length with a DELETE.
        if (!npmStart && method === "DELETE" && !path.endsWith(".md") && path !== "/developers") {
          // Next's own: the page, from a route with params (app/[page], a collection's entries); its bare 405 on a static page.
          const page = await req(path, { method });
          expect([page.status, page.text.slice(0, 18)], `${method} ${path}`).toEqual(
            path === "/" ? [405, "Method Not Allowed"] : [200, "<!DOCTYPE html><ht"],
          );
          continue;
        }
        const r = await req(path, { method });
        expect(r.status, `${method} ${path}`).toBe(405);
        expect(r.headers.get("allow")).toBe(PAGE_ALLOW);
        expect(r.body).toMatchObject({ ok: false, code: "method_not_allowed", status: 405, allow: ["GET", "HEAD", "OPTIONS"] });
        expect(r.headers.get("access-control-allow-origin")).toBe("*");
      }
    });
  });

  describe(`${mode}: OPTIONS`, () => {
    const preflight = (path: string, accept = "*/*") =>
      req(path, { method: "OPTIONS", headers: { accept, origin: "https://elsewhere.example", "access-control-request-method": "GET" } });
    const isPagePreflight = (r: ApiResult, path: string) => {
      expect(r.status, path).toBe(204);
      expect(r.headers.get("allow"), path).toBe(PAGE_ALLOW);
      expect(r.headers.get("access-control-allow-methods"), path).toBe(PAGE_ALLOW);
      expect(r.headers.get("access-control-allow-origin"), path).toBe("*");
    };
    const isNotFound = (r: ApiResult, path: string) => {
      expect(r.status, path).toBe(404);
      expect(r.body, path).toMatchObject({ ok: false, code: "not_found", status: 404 });
      expect(r.headers.get("access-control-allow-origin"), path).toBe("*");
    };

    it.each(["/about", PAGE, `${PAGE}.md`, "/robots.txt"])("on the page %s is a 204 preflight for GET, HEAD, OPTIONS", async (path) => {
      isPagePreflight(await preflight(path), path);
    });

    it.each(["/favicon.ico", "/sitemap.xml"])("on a file the site serves (%s) is the preflight a page answers", async (path) => {
      expect((await req(path)).status).toBe(200);
      isPagePreflight(await preflight(path), path);
    });

    // DIFFERENCES.bareOptions: without Access-Control-Request-Method, next start gives Next's own answers.
    it("without Access-Control-Request-Method, on a file or an unknown *.json path", async () => {
      const file = await req("/favicon.ico", { method: "OPTIONS" });
      const unknown = await req("/foo.json", { method: "OPTIONS", headers: { accept: "application/json" } });
      if (npmStart) {
        isPagePreflight(file, "/favicon.ico");
        isNotFound(unknown, "/foo.json");
      } else {
        expect(file.status).toBe(405);
        expect(unknown.status).toBe(400);
      }
    });

    it.each(["/health.json", "/search.json"])("on the endpoint %s is its preflight", async (path) => {
      const r = await preflight(path);
      expect(r.status).toBe(204);
      expect(r.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
      expect(r.headers.get("access-control-allow-origin")).toBe("*");
    });

    it.each(["/nope", "/nope/x.json"])("on the unknown path %s is the 404 in the Error shape", async (path) => {
      isNotFound(await preflight(path, "application/json"), path);
    });

    it("on an unknown one-segment *.json path is the 404 in the Error shape", async () => {
      isNotFound(await preflight("/foo.json", "application/json"), "/foo.json");
    });
  });

  describe(`${mode}: what the site does not route`, () => {
    it.each(["/nope/nothing.json", "/missing.json", "/no-such-page"])("%s is a 404 in the Error shape", async (path) => {
      for (const method of ["GET", "POST", "DELETE"]) {
        const r = await req(path, { method, headers: { accept: "application/json" } });
        expect(r.status, `${method} ${path}`).toBe(404);
        expect(r.body).toMatchObject({ ok: false, code: "not_found", status: 404 });
        expect(vary(r)).toContain("accept");
        expect(r.headers.get("access-control-allow-origin")).toBe("*");
        // A 404 is a read like any other: probing unknown paths is not free.
        expect(r.headers.get("ratelimit-policy")).toBe('"read";q=120;w=60');
        expect(r.headers.get("ratelimit")).toMatch(/^"read";r=\d+;t=\d+$/);
      }
    });

    it.each(["/tags/nope.md", "/writing/nope.md", "/nope.md"])("%s, the twin of no page, is the site's Markdown 404", async (path) => {
      const r = await req(path);
      expect(r.status, path).toBe(404);
      expect(r.headers.get("content-type"), path).toBe("text/markdown; charset=utf-8");
      expect(r.text, path).toMatch(/^# Not found\n/);
    });

    it("a very long unknown path is still a plain 404", async () => {
      expect((await req(`/${"a".repeat(3000)}.json`)).status).toBe(404);
    });

    it.each(["/%ff", "/%ff%fe", "/%E0%A4%A", "/writing/%", "/about/%zz.json"])("%s is a 400 in the Error shape", async (path) => {
      const r = await req(path, { headers: { accept: "application/json" } });
      expect(r.status, path).toBe(400);
      expect(r.body).toMatchObject({ ok: false, code: "bad_request", status: 400 });
      expect(r.headers.get("access-control-allow-origin")).toBe("*");
      expect(r.headers.get("x-content-type-options")).toBe("nosniff");
    });

    it.each(["PROPFIND", "SEARCH", "QUERY", "MKCOL"])("%s on a page is a 405 naming it, in the Error shape", async (method) => {
      const r = await req("/about", { method });
      expect(r.status).toBe(405);
      expect(r.headers.get("allow")).toBe(PAGE_ALLOW);
      expect(r.body).toMatchObject({ ok: false, code: "method_not_allowed", error: expect.stringContaining(`${method} is not served`) });
    });

    // DIFFERENCES.nextMethods: under next start, Next answers these before any of the site's code.
    it.each(["PROPFIND", "TRACE", "SEARCH", "QUERY", "MKCOL"])(
      `%s on an endpoint is ${npmStart ? "a 405 naming it, with Allow; on an unknown path the 404" : "Next's bare 400 (TRACE: 500), on an unknown path too"}`,
      async (method) => {
        for (const [path, allow] of [
          ["/health.json", "GET, HEAD, OPTIONS"],
          ["/ask?query=x", "GET, HEAD, POST, OPTIONS"],
        ]) {
          const r = await req(path, { method });
          if (!npmStart) {
            expect(r.status, `${method} ${path}`).toBe(method === "TRACE" ? 500 : 400);
            continue;
          }
          expect(r.status, `${method} ${path}`).toBe(405);
          expect(r.headers.get("allow"), `${method} ${path}`).toBe(allow);
          expect(r.body).toMatchObject({
            ok: false,
            code: "method_not_allowed",
            error: expect.stringContaining(`${method} is not served`),
          });
        }
        const unknown = await req("/nope/at/all.json", { method });
        if (!npmStart) return expect(unknown.status).toBe(method === "TRACE" ? 500 : 400);
        expect(unknown.status).toBe(404);
        expect(unknown.body).toMatchObject({ ok: false, code: "not_found" });
      },
    );

    it(`TRACE on a page is ${npmStart ? "a 405 in the Error shape" : "the prerendered page (DIFFERENCES.bodylessMethods), on a page Next renders per request Next's bare 500 (DIFFERENCES.nextMethods)"}`, async () => {
      const r = await req("/about", { method: "TRACE" });
      if (!npmStart) {
        expect(r.status).toBe(200);
        return expect((await req("/developers", { method: "TRACE" })).status).toBe(500);
      }
      expect(r.status).toBe(405);
      expect(r.body).toMatchObject({ ok: false, code: "method_not_allowed", error: expect.stringContaining("TRACE is not served") });
    });
  });

  describe(`${mode}: a client-sent x-site-* header changes nothing`, () => {
    it("x-site-socket-ip buys no fresh budget", async () => {
      const remaining = async (ip: string) => {
        const r = await req("/search.json?q=espresso", { headers: { "x-site-socket-ip": ip }, localAddress: "127.0.0.61" });
        expect(r.status).toBe(200);
        return Number(/;r=(\d+)/.exec(r.headers.get("ratelimit") ?? "")![1]);
      };
      const first = await remaining("127.0.0.62");
      const second = await remaining("127.0.0.63");
      expect(second).toBeLessThan(first);
    });

    it("x-site-method turns neither a refused method into a served one nor a served one into a refused one", async () => {
      const post = await req("/about", { method: "POST", headers: { "x-site-method": "GET" } });
      expect(post.status).toBe(405);
      expect(post.body).toMatchObject({ code: "method_not_allowed", error: expect.stringContaining("POST") });
      const get = await req("/health.json", { headers: { "x-site-method": "PROPFIND" } });
      expect(get.status).toBe(200);
    });

    it("x-site-malformed-path makes no good path a 400", async () => {
      for (const [path, status] of [
        ["/nope/forged.json", 404],
        ["/health.json", 200],
        ["/about", 200],
      ] as const) {
        const r = await req(path, { headers: { "x-site-malformed-path": "1", accept: "application/json" } });
        expect(r.status, path).toBe(status);
      }
    });

    // The header must change neither what is sent nor how (gzip under both: lib/edge/single-header.ts under next start).
    it("x-site-content-encoding changes neither what is sent nor how", async () => {
      const plain = await req("/openapi.json", { headers: { "x-site-content-encoding": "gzip" } });
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(JSON.parse(plain.text)).toHaveProperty("openapi");
      const gz = await rawGzip("/openapi.json", { "x-site-content-encoding": "identity" });
      expect(gz.encoding).toBe("gzip");
      expect(zlib.gunzipSync(gz.body).toString()).toBe(plain.text);
    });

    it("no response carries an x-site-* header", async () => {
      for (const path of ["/health.json", "/about", `${PAGE}.md`, "/nope/x.json", "/openapi.json"]) {
        const r = await req(path, { headers: { "x-site-routed": "1", "x-site-content-encoding": "gzip" } });
        expect(
          [...r.headers.keys()].filter((h) => h.startsWith("x-site-")),
          path,
        ).toEqual([]);
        expect((await rawGzip(path)).head, `${path} gzip`).not.toMatch(/^x-site-/im);
      }
    });

    it("x-site-routed: a page POST is still a 405 in the Error shape", async () => {
      const r = await req("/about", { method: "POST", headers: { "x-site-routed": "1", "user-agent": BROWSER } });
      expect(r.status).toBe(405);
      expect(r.headers.get("allow")).toBe(PAGE_ALLOW);
      expect(r.body).toMatchObject({ code: "method_not_allowed" });
    });

    it("x-site-routed: Accept: text/markdown still gets the twin, and a page still its Link", async () => {
      const twin = await req("/about", { headers: { "x-site-routed": "1", "user-agent": BROWSER, accept: "text/markdown" } });
      expect(twin.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
      const page = await req("/about", { headers: { "x-site-routed": "1", "user-agent": BROWSER } });
      expect(page.headers.get("link")).toContain('</about.md>; rel="alternate"; type="text/markdown"');
    });
  });

  describe(`${mode}: API answers`, () => {
    // Under next start by Next's own compression (lib/edge/single-header.ts lets it see the type).
    it.each(["/openapi.json", "/search.json?q=espresso", "/feed.json"])(
      "%s is gzipped for a client that accepts gzip, to the same bytes",
      async (path) => {
        const plain = await req(path);
        expect(plain.status).toBe(200);
        for (let i = 0; i < 2; i++) {
          const r = await rawGzip(path);
          expect(r.encoding, path).toBe("gzip");
          expect(r.varyLines).toBe(1);
          expect(r.vary.toLowerCase()).toContain("accept-encoding");
          const body = zlib.gunzipSync(r.body).toString();
          expect(body).toBe(plain.text);
          contract.validate(new URL(path, server.base).pathname, "GET", 200, plain.headers.get("content-type")!, JSON.parse(body));
        }
      },
    );

    it.each(["/openapi.json", "/search.json?q=espresso", "/resume.json"])("%s answers If-None-Match with 304", async (path) => {
      const etag = (await req(path)).headers.get("etag");
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await req(path, { headers: { "if-none-match": etag! } });
      expect(again.status).toBe(304);
      expect(again.headers.get("etag")).toBe(etag);
      expect(again.text).toBe("");
    });

    it.each([
      ["text/plain", '{"query":{"text":"espresso"}}'],
      ["application/x-www-form-urlencoded", "query=espresso"],
      ["multipart/form-data; boundary=x", "--x--"],
    ])("a POST body of type %s is a 415 in the Error shape", async (type, body) => {
      const r = await req("/ask", { method: "POST", headers: { "content-type": type }, body });
      expect(r.status).toBe(415);
      expect(r.body).toMatchObject({ ok: false, code: "unsupported_media_type", status: 415, accepted: ["application/json"] });
    });

    it.each(["/ask", "/mcp"])("a body over 64 KiB sent to %s is a 400 in the Error shape", async (path) => {
      const r = await req(path, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({ query: "x".repeat(70 * 1024) }),
      });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ ok: false, code: "bad_request", status: 400 });
      expect(String((r.body as { error: string }).error)).toMatch(/larger than 65536 bytes/);
    });

    it("a body announced past 64 KiB is refused at once, without waiting for it", async () => {
      const { text, ms } = await raw(
        'POST /ask HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 10485760\r\nConnection: close\r\n\r\n{"query":',
      );
      expect(statusOf(text)).toBe(400);
      expect(text.toLowerCase()).toContain("access-control-allow-origin: *");
      const body = bodyOf(text);
      contract.validate("/ask", "POST", 400, "application/json", body);
      expect(body).toMatchObject({ ok: false, code: "bad_request", status: 400 });
      expect(ms).toBeLessThan(1_000);
    });
  });

  describe(`${mode}: requests Node answers before any handler`, () => {
    const garbage = () => raw("THIS IS NOT HTTP\r\n\r\n");
    const connect = () => raw("CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n");
    const bigHeaders = () => raw(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);

    if (npmStart) {
      it("garbage is a 400, CONNECT a 405 with Allow, headers over the limit a 431: each in the Error shape", async () => {
        const g = (await garbage()).text;
        expect(statusOf(g)).toBe(400);
        expect(bodyOf(g)).toMatchObject({ ok: false, code: "bad_request" });
        const c = (await connect()).text;
        expect(statusOf(c)).toBe(405);
        expect(c.toLowerCase()).toContain("allow: get, head, options");
        expect(bodyOf(c)).toMatchObject({ ok: false, code: "method_not_allowed" });
        const b = (await bigHeaders()).text;
        expect(statusOf(b)).toBe(431);
        expect(b.toLowerCase()).toContain("access-control-allow-origin: *");
        expect(bodyOf(b)).toMatchObject({ ok: false, status: 431 });
      });
    } else {
      // DIFFERENCES.rawSocket: Node's own answers, which are refusals all the same.
      it("garbage is Node's bare 400, CONNECT a closed socket, headers over the limit Node's bare 431", async () => {
        expect((await garbage()).text).toMatch(/^HTTP\/1\.1 400 Bad Request\r\nConnection: close\r\n\r\n$/);
        expect((await connect()).text).toBe("");
        expect((await bigHeaders()).text).toMatch(/^HTTP\/1\.1 431 /);
      });
    }

    it(`the request target * is ${npmStart ? "a 400 in the Error shape" : "Next's bare 500 (DIFFERENCES.nextMethods)"}`, async () => {
      const { text } = await raw("OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\nConnection: close\r\n\r\n");
      if (!npmStart) return expect(statusOf(text)).toBe(500);
      expect(statusOf(text)).toBe(400);
      expect(bodyOf(text)).toMatchObject({ ok: false, code: "bad_request" });
    });
  });
}

/** The body of a chunked HTTP/1.1 message. */
function dechunk(data: Buffer): Buffer {
  const out: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = data.indexOf("\r\n", at);
    if (eol < 0) break;
    const size = parseInt(data.subarray(at, eol).toString("latin1"), 16);
    if (!size) break;
    out.push(data.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(out);
}

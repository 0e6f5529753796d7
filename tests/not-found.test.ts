import { describe, expect, it } from "vitest";
import { appUnderTest } from "./helpers/app";
import { call } from "./helpers/openapi";

const app = appUnderTest();

const get = (path: string, accept?: string, method = "GET") =>
  call(app.contract, app.server.base, path, { method, headers: accept ? { accept } : {} });

describe("404 in the requested format", () => {
  it("JSON for Accept: application/json, with the spec's fields and absolute suggestions", async () => {
    const r = await get("/developer", "application/json");
    expect(r.status).toBe(404);
    expect(r.headers.get("content-type")).toMatch(/^application\/json/);
    expect(r.body).toMatchObject({
      ok: false,
      code: "not_found",
      status: 404,
      docs: `${app.server.base}/developers`,
    });
    const body = r.body as { hint: string; suggestions: string[]; error: string };
    expect(body.error).toContain("/developer");
    expect(body.hint).toContain("/sitemap.xml");
    expect(body.hint).toContain("/openapi.json");
    expect(body.suggestions[0]).toBe(`${app.server.base}/developers`);
    expect(r.headers.get("vary")).toMatch(/Accept/);
  });

  it.each(["/missing.json", "/api/anything", "/v1/things", "/api", "/V1/x"])(
    "JSON for an API-looking path %s with a browser-less Accept",
    async (path) => {
      for (const accept of [undefined, "*/*"]) {
        const r = await get(path, accept);
        expect(r.status).toBe(404);
        expect(r.headers.get("content-type")).toMatch(/^application\/json/);
        expect((r.body as { code: string }).code).toBe("not_found");
      }
    },
  );

  it("suggests the closest real paths", async () => {
    const r = await get("/openapi", "application/json");
    expect((r.body as { suggestions: string[] }).suggestions).toContain(`${app.server.base}/openapi.json`);
    const far = await get("/zzzzzzzzzzzzzzzzzzzzzz/qqqqqqqq", "application/json");
    expect((far.body as { suggestions: string[] }).suggestions).toEqual([]);
  });

  it("suggests only what a GET reads: no suggestion answers 404 or 405, and /mcp (POST only) is never one", async () => {
    const seen = new Set<string>();
    for (const path of ["/nope", "/mcpp", "/mc", "/resum", "/photo", "/ask.json"]) {
      const r = await get(path, "application/json");
      for (const s of (r.body as { suggestions: string[] }).suggestions) seen.add(s);
    }
    expect(seen.size).toBeGreaterThan(5);
    expect([...seen]).not.toContain(`${app.server.base}/mcp`);
    // A real path, read by GET: it may still want a parameter (400) or a configured upstream (503).
    for (const s of seen) expect([404, 405], s).not.toContain((await fetch(s, { method: "HEAD" })).status);
  });

  it("HTML when HTML is asked for, even on an API-looking path: the site's own not-found page", async () => {
    for (const path of ["/nope", "/nope.json"]) {
      const r = await get(path, "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8");
      expect(r.status).toBe(404);
      expect(r.headers.get("content-type")).toMatch(/^text\/html/);
      expect(r.text).toContain("<h1>Not found</h1>");
      expect(r.text).toContain('href="/developers"');
    }
  });

  it("the not-found page preloads the same fonts as every other page, so it does not shift when they arrive", async () => {
    const fonts = (html: string) => [...html.matchAll(/<link rel="preload" href="([^"]+)" as="font"/g)].map((m) => m[1]).sort();
    // A prerendered page's, in its HTML (a page rendered per request, like a search's results, sends them in its Link header).
    const home = fonts((await get("/about", "text/html")).text);
    expect(home.length).toBeGreaterThan(0);
    const link = (await get("/search?q=espresso", "text/html")).headers.get("link") ?? "";
    expect([...link.matchAll(/<([^>]+)>; rel=preload; as="font"/g)].map((m) => m[1]).sort()).toEqual(home);
    // The catch-all 404 and Next's own (an unknown slug under a prerendered section).
    for (const path of ["/nope", "/writing/no-such-essay"]) {
      const r = await get(path, "text/html");
      expect(r.status, path).toBe(404);
      expect(fonts(r.text), path).toEqual(home);
    }
  });

  it("HTML by default for a page-like path", async () => {
    const r = await get("/no-such-page");
    expect(r.status).toBe(404);
    expect(r.headers.get("content-type")).toMatch(/^text\/html/);
  });

  it("Markdown for Accept: text/markdown", async () => {
    const r = await get("/developer", "text/markdown");
    expect(r.status).toBe(404);
    expect(r.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(r.text).toMatch(/^# Not found/);
    expect(r.text).toContain(`<${app.server.base}/developers>`);
  });

  it("any method on an unknown path is a 404; HEAD has no body", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const r = await get("/nope.json", undefined, method);
      expect(r.status).toBe(404);
    }
    const head = await get("/nope.json", undefined, "HEAD");
    expect(head.status).toBe(404);
    expect(head.text).toBe("");
  });
});

describe("OPTIONS on what is neither an endpoint nor a page", () => {
  const preflight = (path: string) =>
    call(app.contract, app.server.base, path, {
      method: "OPTIONS",
      headers: { origin: "https://elsewhere.example", "access-control-request-method": "GET" },
    });

  it.each([
    "/foo.json",
    "/x.txt",
    "/writing/x.json",
    "/photos/x.json",
    "/search.jsonx",
    "/_next/static/nope.js",
    "/%2e%2e/server.mjs",
    "/generated/../server.mjs",
  ])("%s is the 404 of every unknown path (JSON for an API-looking one), with the CORS headers a browser reads", async (path) => {
    const r = await preflight(path);
    expect(r.status, path).toBe(404);
    expect(r.headers.get("access-control-allow-origin"), path).toBe("*");
    const same = await call(app.contract, app.server.base, path);
    expect(r.headers.get("content-type"), path).toBe(same.headers.get("content-type"));
    if (path.endsWith(".json")) expect(r.body, path).toMatchObject({ ok: false, code: "not_found", status: 404 });
  });

  it("a file the site serves (public/, app/'s icons, a build asset) answers the preflight a page answers", async () => {
    const home = await (await fetch(`${app.server.base}/`)).text();
    const asset = /\/_next\/static\/[^"]+\.js/.exec(home)![0];
    for (const path of ["/generated/og/index.png", "/favicon.ico", "/icon.svg", "/apple-icon.png", asset]) {
      expect((await fetch(`${app.server.base}${path}`)).status, `GET ${path}`).toBe(200);
      const r = await preflight(path);
      expect(r.status, path).toBe(204);
      expect(r.headers.get("allow"), path).toBe("GET, HEAD, OPTIONS");
      expect(r.headers.get("access-control-allow-methods"), path).toBe("GET, HEAD, OPTIONS");
      expect(r.headers.get("access-control-allow-origin"), path).toBe("*");
    }
  });
});

describe("Next's own paths this site does not use", () => {
  it.each(["/_next/image?url=x&w=64&q=75", "/_next/image", "/_next/data/build/index.json"])(
    "%s answers the 404 of every unknown path, in the Error shape",
    async (path) => {
      const r = await get(path, "application/json");
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ ok: false, code: "not_found", status: 404 });
    },
  );
});

describe("what a 404 costs", () => {
  it("draws on the caller's read budget: 120 a minute, each with the budget's headers, then 429 with Retry-After", async () => {
    const from = "127.0.0.135";
    const results = await Promise.all(
      Array.from({ length: 121 }, (_, i) => call(app.contract, app.server.base, `/no-such-thing-${i}.json`, { localAddress: from })),
    );
    expect(results.filter((r) => r.status === 404)).toHaveLength(120);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(1);
    expect(refused[0].body).toMatchObject({ code: "rate_limited", policy: "read" });
    expect(refused[0].headers.get("retry-after")).toMatch(/^\d+$/);
    const served = results.find((r) => r.status === 404)!;
    expect(served.headers.get("ratelimit-policy")).toBe('"read";q=120;w=60');
    expect(served.headers.get("ratelimit")).toMatch(/^"read";r=\d+;t=\d+$/);
  });
});

describe("Markdown twin of /developers", () => {
  it("answers Accept: text/markdown at the page URL, and says Vary: Accept on both variants", async () => {
    const md = await get("/developers", "text/markdown");
    expect(md.status).toBe(200);
    expect(md.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(md.headers.get("vary")).toMatch(/Accept/);
    expect(Number(md.headers.get("x-markdown-tokens"))).toBeGreaterThan(100);
    expect(md.text).toContain("### GET /health.json (getHealth)");
    const html = await get("/developers", "text/html");
    expect(html.headers.get("content-type")).toMatch(/^text\/html/);
    expect(html.headers.get("vary")).toMatch(/Accept/);
    expect(html.text).toContain("getHealth");
  });
});

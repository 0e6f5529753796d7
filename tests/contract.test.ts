import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { endpoints } from "@/lib/surface/endpoints";
import { appWithUpstreams } from "./helpers/app";
import { call } from "./helpers/openapi";

/**
 * The app.contract battery: every endpoint in the registry, checked for the rules every endpoint
 * shares (docs/api-and-mcp.md): one error shape, the rate-limit and CORS headers, 405 with
 * Allow, OPTIONS. Endpoints added later are covered without new test code; a valid request is
 * built from the examples their OpenAPI parameters carry.
 */
const ALL = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

// Endpoints that fetch a URL get a loopback target instead of their public example: tests
// never send traffic off the machine.
const testValues: Record<string, Record<string, () => string>> = {
  "/lens/fetch": { url: () => `${app.lens.base}/rich` },
  "/lens/compare.json": { left: () => `${app.lens.base}/rich`, right: () => `${app.lens.base}/plain` },
};
const app = appWithUpstreams();

type Json = Record<string, unknown>;

function validRequestPath(path: string): string {
  const op = ((app.contract.doc.paths as Json)[path] as Json).get as Json | undefined;
  const params = ((op?.parameters ?? []) as Json[]).filter((p) => p.in === "query");
  const qs = new URLSearchParams();
  for (const p of params) {
    const override = testValues[path]?.[String(p.name)];
    const example = override ? override() : ((p.schema as Json)?.examples as unknown[] | undefined)?.[0];
    if (p.required && example === undefined) throw new Error(`${path}: required parameter ${p.name} has no example in its schema`);
    if (example !== undefined) qs.set(String(p.name), String(example));
  }
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

const registry = endpoints().filter((e) => e.http);
type HttpEndpoint = (typeof registry)[number] & { http: NonNullable<(typeof registry)[number]["http"]> };
const mediaTypes = (e: HttpEndpoint) =>
  [e.http.media ?? "application/json", ...(e.http.representations ?? []).map((a) => a.media)].map((t) => t.split(";")[0]);

describe.each(registry.map((e) => [e.http!.path, e as HttpEndpoint] as const))("%s", (path, e) => {
  it("is described in /openapi.json with its operationId, tag and a schema for every response", () => {
    const item = (app.contract.doc.paths as Json)[path] as Json;
    expect(item).toBeDefined();
    for (const m of e.http.methods ?? ["GET"]) {
      const op = item[m.toLowerCase()] as Json;
      expect(op.operationId).toBeTruthy();
      for (const [status, r] of Object.entries(op.responses as Record<string, Json>)) {
        if (r.$ref || status === "304") continue;
        expect(r.content, `${m} ${path} ${status}`).toBeDefined();
      }
      for (const s of ["400", "405", "500"]) expect(Object.keys(op.responses as Json)).toContain(s);
      if (e.policy) expect(Object.keys(op.responses as Json)).toContain("429");
    }
  });

  it("answers every method it does not serve with 405, Allow and `allow`", async () => {
    for (const method of ALL.filter((m) => !e.allow.includes(m))) {
      const r = await call(app.contract, app.server.base, path, { method });
      expect(r.status, method).toBe(405);
      expect(r.headers.get("allow")).toBe(e.allow.join(", "));
      expect(r.body).toMatchObject({ ok: false, code: "method_not_allowed", status: 405, allow: e.allow });
      expect(r.headers.get("access-control-allow-origin")).toBe("*");
    }
  });

  it("answers OPTIONS with 204, Allow and CORS for any origin", async () => {
    const r = await call(app.contract, app.server.base, path, { method: "OPTIONS", headers: { origin: "https://elsewhere.example" } });
    expect(r.status).toBe(204);
    expect(r.headers.get("allow")).toBe(e.allow.join(", "));
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
    expect(r.headers.get("access-control-allow-methods")).toBe(e.allow.join(", "));
    expect(r.headers.get("access-control-allow-headers")).toMatch(/API-Version/);
  });

  if (e.http.post) {
    it("documents POST as taking its input in the body: no query-string parameter is required", () => {
      const op = ((app.contract.doc.paths as Json)[path] as Json).post as Json;
      const required = ((op.parameters ?? []) as Json[]).filter((p) => p.in === "query" && p.required).map((p) => p.name);
      expect(required).toEqual([]);
      expect((op.requestBody as Json).required).toBe(true);
    });

    it("serves POST with its documented example body, through the same headers and schema", async () => {
      const r = await call(app.contract, app.server.base, path, {
        method: "POST",
        body: JSON.stringify(e.http.post!.example),
        headers: { "content-type": "application/json" },
      });
      expect(r.status).toBe(200);
      expect(r.headers.get("access-control-allow-origin")).toBe("*");
      expect(r.headers.get("link")).toContain('rel="service-desc"');
      expect(r.headers.get("ratelimit-policy")).toBeTruthy();
      expect(mediaTypes(e)).toContain(r.headers.get("content-type")!.split(";")[0]);
    });

    it("answers a POST body that is not JSON with 400 in the Error shape", async () => {
      const r = await call(app.contract, app.server.base, path, {
        method: "POST",
        body: "{not json",
        headers: { "content-type": "application/json" },
      });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ ok: false, code: "bad_request", status: 400 });
    });
  }

  if ((e.http.methods ?? ["GET"]).includes("GET")) {
    it("serves GET with the shared success headers and a body matching its schema", async () => {
      const r = await call(app.contract, app.server.base, validRequestPath(path), { headers: { origin: "https://elsewhere.example" } });
      expect(r.status).toBe(200);
      expect(r.headers.get("access-control-allow-origin")).toBe("*");
      expect(r.headers.get("cache-control")).toBeTruthy();
      expect(r.headers.get("link")).toContain('</openapi.json>; rel="service-desc"');
      expect(r.headers.get("link")).toContain('</developers>; rel="service-doc"');
      expect(r.headers.get("link")).toContain('</.well-known/api-catalog>; rel="api-catalog"');
      if (e.policy) {
        expect(r.headers.get("ratelimit-policy")).toMatch(/^"[a-z-]+";q=\d+;w=\d+$/);
        expect(r.headers.get("ratelimit")).toMatch(/^"[a-z-]+";r=\d+;t=\d+$/);
      }
      expect(mediaTypes(e)).toContain(r.headers.get("content-type")!.split(";")[0]);
      for (const h of ["deprecation", "sunset", "api-version"]) expect(r.headers.get(h)).toBeNull();
    });

    it("answers HEAD like GET, without a body", async () => {
      const url = validRequestPath(path);
      const head = await call(app.contract, app.server.base, url, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.text).toBe("");
      expect(mediaTypes(e)).toContain(head.headers.get("content-type")!.split(";")[0]);
      expect(head.headers.get("ratelimit-policy")).toBeTruthy();
      expect(head.headers.get("link")).toContain('rel="api-catalog"');
    });

    it("serves API-Version: 1 and refuses any other version with 400 and `supported`", async () => {
      const url = validRequestPath(path);
      expect((await call(app.contract, app.server.base, url, { headers: { "api-version": "1" } })).status).toBe(200);
      for (const v of ["2", "0", "v1", "latest", ""]) {
        const r = await call(app.contract, app.server.base, url, { headers: { "api-version": v } });
        expect(r.status, `API-Version: ${JSON.stringify(v)}`).toBe(400);
        expect(r.body).toMatchObject({ ok: false, code: "unsupported_api_version", status: 400, supported: ["1"] });
      }
    });
  }
});

describe("/openapi.json", () => {
  it("is OpenAPI 3.1, version 1, keyless, with every response described", () => {
    const doc = app.contract.doc;
    expect(String(doc.openapi)).toMatch(/^3\.1\./);
    expect((doc.info as Json).version).toBe("1");
    expect(doc.security).toEqual([]);
    const ids = Object.values(doc.paths as Record<string, Json>).flatMap((item) =>
      Object.values(item).map((op) => (op as Json).operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
    const headers = (doc.components as Json).headers as Json;
    expect(Object.keys(headers)).toEqual(expect.arrayContaining(["RateLimitPolicy", "RateLimit", "RetryAfter"]));
  });
});

describe("/.well-known/api-catalog", () => {
  it("is an RFC 9264 linkset with the RFC 9727 profile pointing at the description and the guide", async () => {
    const r = await call(app.contract, app.server.base, "/.well-known/api-catalog");
    expect(r.headers.get("content-type")).toBe('application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"');
    const entry = (r.body as { linkset: Json[] }).linkset[0];
    expect((entry["service-desc"] as Json[])[0].href).toBe(`${app.server.base}/openapi.json`);
    expect((entry["service-doc"] as Json[])[0].href).toBe(`${app.server.base}/developers`);
  });
  it("carries Link rel=api-catalog on HEAD", async () => {
    const r = await call(app.contract, app.server.base, "/.well-known/api-catalog", { method: "HEAD" });
    expect(r.headers.get("link")).toContain('</.well-known/api-catalog>; rel="api-catalog"');
  });
});

/**
 * What is not an endpoint still answers through the same builder: pages' methods, their
 * Markdown twins, robots.txt and the 404, with the same shared headers.
 */
describe("pages, twins and other routes", () => {
  const shared = (h: Headers) => {
    expect(h.get("access-control-allow-origin")).toBe("*");
    expect(h.get("x-content-type-options")).toBe("nosniff");
    expect(h.get("cache-control")).toBeTruthy();
  };

  it.each(["/writing/markdown-twins.md", "/about.md", "/index.md", "/photos.md"])(
    "%s: a twin with the read budget, Link and Vary",
    async (p) => {
      for (const method of ["GET", "HEAD"]) {
        const r = await call(app.contract, app.server.base, p, { method });
        expect(r.status, `${method} ${p}`).toBe(200);
        shared(r.headers);
        expect(r.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
        expect(r.headers.get("vary")).toMatch(/Accept/);
        expect(r.headers.get("link")).toContain('rel="service-desc"');
        expect(r.headers.get("ratelimit-policy")).toBe('"read";q=120;w=60');
        if (method === "HEAD") expect(r.text).toBe("");
      }
    },
  );

  it.each(["/about", "/writing/markdown-twins", "/writing/markdown-twins.md", "/"])(
    "%s: every other method is a 405 in the Error shape, OPTIONS a preflight",
    async (p) => {
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        const r = await call(app.contract, app.server.base, p, { method });
        expect(r.status, `${method} ${p}`).toBe(405);
        expect(r.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
        expect(r.body).toMatchObject({ ok: false, code: "method_not_allowed", allow: ["GET", "HEAD", "OPTIONS"] });
        shared(r.headers);
      }
      const o = await call(app.contract, app.server.base, p, { method: "OPTIONS" });
      expect(o.status).toBe(204);
      expect(o.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    },
  );

  it("robots.txt answers GET and HEAD, and 405 for the rest", async () => {
    const r = await call(app.contract, app.server.base, "/robots.txt");
    expect(r.status).toBe(200);
    shared(r.headers);
    expect(r.text).toMatch(/Sitemap: /);
    const post = await call(app.contract, app.server.base, "/robots.txt", { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.body).toMatchObject({ code: "method_not_allowed", allow: ["GET", "HEAD", "OPTIONS"] });
  });

  it.each(["GET", "HEAD", "POST", "DELETE"])("an unknown path answers %s with the 404 in the shared shape", async (method) => {
    const r = await call(app.contract, app.server.base, "/nope/nothing.json", { method });
    expect(r.status).toBe(404);
    shared(r.headers);
    expect(r.headers.get("vary")).toMatch(/Accept/);
    if (method !== "HEAD") expect(r.body).toMatchObject({ ok: false, code: "not_found", status: 404 });
  });
});

describe("the developer guide's curl examples", () => {
  // Run by a real shell and curl as a reader would paste them, with only the host changed
  // (and from a loopback address of their own: the suite has spent 127.0.0.1's budget).
  // The two lens examples name public sites: their targets become loopback ones (never fetched).
  const loopbackTargets = (line: string) =>
    line
      .replace(/url=https%3A%2F%2Fexample\.com%2F/, () => `url=${encodeURIComponent(testValues["/lens/fetch"].url())}`)
      .replace(/left=[^&']+/, () => `left=${encodeURIComponent(testValues["/lens/compare.json"].left())}`)
      .replace(/right=[^&']+/, () => `right=${encodeURIComponent(testValues["/lens/compare.json"].right())}`);

  it("each answers 200 with the type and schema the OpenAPI document gives it", async () => {
    const guide = await call(app.contract, app.server.base, "/developers.md");
    const examples = [...guide.text.matchAll(/```sh\n(curl [^\n]+)\n```/g)].map((m) => m[1]);
    expect(examples.length).toBe(registry.reduce((n, e) => n + (e.http?.methods ?? ["GET"]).length, 0));
    const dir = await mkdtemp(path.join(tmpdir(), "guide-curl-"));
    try {
      for (const [i, example] of examples.entries()) {
        const line = loopbackTargets(example);
        expect(line.startsWith(`curl -s -X POST '${app.server.base}/`) || line.startsWith(`curl -s '${app.server.base}/`), line).toBe(true);
        const out = path.join(dir, `${i}.out`);
        const { stdout } = await promisify(execFile)("bash", [
          "-c",
          `${line} --interface 127.0.0.77 -o ${out} -w '%{http_code} %{content_type}'`,
        ]);
        const [status, type = ""] = stdout.split(" ");
        expect(Number(status), example).toBe(200);
        const { pathname } = new URL(/'(http[^']+)'/.exec(line)![1]);
        const body = await readFile(out, "utf8");
        if (/^application\/(.+\+)?json/.test(type))
          app.contract.validate(pathname, line.includes("-X POST") ? "POST" : "GET", 200, type, JSON.parse(body));
        else expect(body.length, example).toBeGreaterThan(0);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

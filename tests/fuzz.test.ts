import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { endpoints } from "@/lib/surface/endpoints";
import { appWithUpstreams } from "./helpers/app";
import { call } from "./helpers/openapi";
import { httpRequest } from "./helpers/http";

/**
 * Property-based requests drawn from the endpoint registry: every endpoint, every method
 * (and some Next does not know), parameters from and around each input schema, odd
 * bodies, paths and headers. Whatever comes back: no undocumented 5xx, and every JSON body
 * matches /openapi.json for its status (call() validates it; an undocumented status fails).
 *
 * URL parameters are never random text: a random string can be a public host name, and the
 * server would look it up. They are drawn from loopback targets and from values the
 * validation layer refuses before any lookup (schemes, ports, private and local names).
 */
const app = appWithUpstreams();

type Json = Record<string, unknown>;
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND", "QUERY"];
const URL_PARAMS = new Set(["url", "left", "right"]);
const refusedUrls = [
  "ftp://example.org/",
  "http://10.0.0.1/",
  "http://169.254.169.254/latest/meta-data/",
  "http://[::1]/",
  "http://localhost/",
  "https://example.org:8080/",
  "http://user:pass@example.org/",
  "nope",
  "http://printer.local/",
  "",
  "%%%",
];
const safeUrl = () =>
  fc.oneof(
    fc.constantFrom(...refusedUrls),
    fc.constantFrom("/rich", "/plain", "/binary", "/deep", "/missing", "/loop", "/to-metadata").map((p) => `${app.lens.base}${p}`),
  );

const oddText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom("", " ", "0", "-1", "1e309", "NaN", "null", "[]", "{}", "true", "%00", "\u0000", "a".repeat(600), "é".repeat(200)),
);

function queryArb(path: string): fc.Arbitrary<string> {
  const op = ((app.contract.doc.paths as Json)[path] as Json)?.get as Json | undefined;
  const declared = ((op?.parameters ?? []) as Json[]).filter((p) => p.in === "query");
  const params = declared.map((p) => String(p.name));
  const example = (name: string) =>
    ((declared.find((p) => p.name === name)?.schema as Json | undefined)?.examples as unknown[] | undefined)?.[0];
  // Around the schema: the documented example (so valid requests come up too) or odd text.
  const value = (name: string) =>
    URL_PARAMS.has(name) ? safeUrl() : example(name) !== undefined ? fc.oneof(fc.constant(String(example(name))), oddText) : oddText;
  const entries = fc.array(
    fc.oneof(
      params.length ? fc.constantFrom(...params).chain((n) => value(n).map((v) => [n, v] as const)) : fc.constant(["x", "1"] as const),
      fc.tuple(fc.constantFrom("zz", "limit", "q", "__proto__", "constructor"), oddText),
    ),
    { maxLength: 5 },
  );
  return entries.map((kv) => {
    const qs = new URLSearchParams();
    for (const [k, v] of kv) qs.append(k, v);
    return qs.toString();
  });
}

const bodyArb = fc.oneof(
  fc.constant(undefined),
  fc.constant(JSON.stringify({ query: { text: "espresso machine gasket" }, prefer: { streaming: false } })),
  fc.json({ maxDepth: 3 }),
  fc.string({ maxLength: 60 }),
  fc
    .record({
      query: fc.oneof(fc.record({ text: oddText }), oddText),
      prefer: fc.record({ streaming: fc.boolean() }),
      top_k: fc.integer({ min: -5, max: 100 }),
    })
    .map((o) => JSON.stringify(o)),
);

const headersArb = fc.record(
  {
    accept: fc.constantFrom(
      "application/json",
      "text/markdown",
      "text/html",
      "*/*",
      "text/event-stream",
      "application/xml;q=0.1, */*;q=0.2",
      "garbage///",
    ),
    "api-version": fc.constantFrom("1", "2", ""),
    "content-type": fc.constantFrom("application/json", "text/plain", "multipart/form-data"),
  },
  { requiredKeys: [] },
);

/** Each request from its own loopback address, so budgets do not turn the run into 429s. */
let next = 0;
const from = () => `127.0.${1 + ((next >> 8) % 200)}.${1 + (next++ % 250)}`;

function documented5xx(path: string, method: string): string[] {
  const op = ((app.contract.doc.paths as Json)[path] as Json | undefined)?.[method.toLowerCase()] as Json | undefined;
  return Object.keys((op?.responses ?? {}) as Json).filter((s) => s.startsWith("5") && s !== "500");
}

describe("fuzzed requests from the registry", () => {
  const paths = endpoints().flatMap((e) => (e.http ? [e.http.path] : []));

  it(`${RUNS} requests: no undocumented 5xx, every JSON body as documented`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths).chain((p) => fc.tuple(fc.constant(p), queryArb(p))),
        fc.constantFrom(...METHODS),
        bodyArb,
        headersArb,
        async ([path, qs], method, body, headers) => {
          const withBody = body !== undefined && !["GET", "HEAD"].includes(method);
          const r = await call(app.contract, app.server.base, qs ? `${path}?${qs}` : path, {
            method,
            // Node's client sends no length for a DELETE/OPTIONS/TRACE body: say it, or the
            // server reads the body as a second, garbage request.
            headers: {
              ...(headers as Record<string, string>),
              ...(withBody ? { "content-length": String(Buffer.byteLength(String(body))) } : {}),
            },
            ...(withBody ? { body: String(body) } : {}),
            localAddress: from(),
          });
          if (r.status >= 500)
            expect(documented5xx(path, method), `${method} ${path}?${qs} → ${r.status}: ${r.text.slice(0, 300)}`).toContain(
              String(r.status),
            );
          if (r.status >= 400 && method !== "HEAD")
            expect(r.text.length, `${method} ${path} ${r.status}: empty error body`).toBeGreaterThan(0);
        },
      ),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261124) },
    );
  }, 240_000);

  it("odd paths and JSON-RPC bodies: never a 5xx, never an empty error", async () => {
    const oddPath = fc.oneof(
      fc.constantFrom(
        "/%00",
        "//",
        "/..%2f..%2fetc/passwd",
        "/a".repeat(300),
        "/%ff",
        "/twins/%2e%2e",
        "/mcp/",
        "/search.json/",
        "/.well-known/",
        "/__site/malformed-path.invalid",
      ),
      fc.webPath().map((p) => p || "/"),
    );
    await fc.assert(
      fc.asyncProperty(oddPath, fc.constantFrom("GET", "POST", "OPTIONS", "TRACE"), async (path, method) => {
        const r = await httpRequest(`${app.server.base}${path.startsWith("/") ? path : `/${path}`}`, {
          method,
          localAddress: from(),
          headers: { accept: "application/json" },
        });
        expect(r.status, `${method} ${path}`).toBeLessThan(500);
        if (r.status >= 400) expect(r.text.length, `${method} ${path}: empty error body`).toBeGreaterThan(0);
      }),
      { numRuns: Math.ceil(RUNS / 3), seed: 7 },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.json({ maxDepth: 3 }), fc.string({ maxLength: 80 })), async (body) => {
        const r = await httpRequest(`${app.server.base}/mcp`, {
          method: "POST",
          body,
          localAddress: from(),
          headers: {
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
            "mcp-protocol-version": "2026-07-28",
          },
        });
        expect(r.status, `POST /mcp ${body.slice(0, 80)} → ${r.text.slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: Math.ceil(RUNS / 3), seed: 11 },
    );
  }, 240_000);
});

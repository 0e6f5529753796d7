import http from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "./helpers/server";
import { Contract, call, type ApiResult } from "./helpers/openapi";
import { readSse } from "./helpers/sse";
import { connectMcp } from "./helpers/mcp";
import { httpRequest } from "./helpers/http";
import { deadlines } from "@/lib/edge/limits";
import { env } from "@/lib/env";

/**
 * The edge (`npm start`) answers the registered endpoints, /mcp and the Markdown twins itself
 * (lib/surface/endpoint-routes.ts), with the handlers their route files give Next. The same
 * requests, sent to a server that does and to one started with ENDPOINTS_VIA_NEXT=1, must get
 * the same status, headers and body: what the project says an endpoint answers is decided
 * once, whichever way the request came in. Both compress: the edge what it answers, Next a
 * route handler's answer (with its own gzip settings, so the bytes are compared decoded).
 */
let direct: RunningServer;
let viaNext: RunningServer;
let contract: Contract;

/** A loopback site that takes a request and never answers: it notes when each arrives and when its socket closes. */
const stalled = { server: http.createServer(), arrived: [] as (() => void)[], closed: [] as (() => void)[] };
stalled.server.on("request", (req) => {
  stalled.arrived.shift()?.();
  req.socket.once("close", () => stalled.closed.shift()?.());
});

beforeAll(async () => {
  await new Promise<void>((resolve) => stalled.server.listen(0, "127.0.0.1", resolve));
  const env = { LENS_ALLOW_HOSTS: `127.0.0.1:${(stalled.server.address() as { port: number }).port}` };
  [direct, viaNext] = await Promise.all([startServer(env), startServer({ ...env, ENDPOINTS_VIA_NEXT: "1" })]);
  contract = await Contract.load(direct.base);
});
afterAll(async () => {
  await direct?.stop();
  await viaNext?.stop();
  stalled.server.closeAllConnections();
  stalled.server.close();
});

// Differ between any two responses (time, budget reset, framing), or between two servers' ports.
const VOLATILE_HEADERS = new Set(["date", "ratelimit", "server-timing", "connection", "keep-alive", "transfer-encoding", "content-length"]);
const VOLATILE_FIELDS = new Set(["time", "query_id", "request_id", "generated_at"]);

/**
 * Next's own Vary tokens for its router, which it adds to every answer it routes (nothing an
 * API client varies on), and Accept-Encoding, which only the edge's compression adds.
 */
const NEXT_VARY = /^(rsc|next-router-[\w-]+|accept-encoding)$/i;

/** `etag`: compare it (false when the body names the server's own address, which the ETag hashes). */
function headerView(r: ApiResult, server: RunningServer, etag: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  r.headers.forEach((value, name) => {
    if (VOLATILE_HEADERS.has(name) || (name === "etag" && !etag)) return;
    if (name === "vary") {
      const kept = value
        .split(",")
        .map((s) => s.trim())
        .filter((s) => !NEXT_VARY.test(s));
      if (kept.length) out[name] = kept.join(", ");
      return;
    }
    out[name] = value.replaceAll(server.base, "BASE");
  });
  return out;
}

function scrub(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(scrub);
  if (v && typeof v === "object")
    return Object.fromEntries(Object.entries(v).flatMap(([k, x]) => (VOLATILE_FIELDS.has(k) ? [] : [[k, scrub(x)]])));
  return v;
}

/** A body with the server's own address and the fields that change per request taken out. */
function bodyView(text: string, server: RunningServer, json: boolean): unknown {
  const local = text.replaceAll(server.base, "BASE").replaceAll(new URL(server.base).host, "HOST");
  return json ? scrub(JSON.parse(local)) : local;
}

interface Case {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** The body (and so the ETag) changes with time: compare status and headers only. */
  timely?: boolean;
}

const CASES: Case[] = [
  { path: "/health.json", timely: true },
  { path: "/search.json?q=espresso&limit=3" },
  { path: "/search.json" },
  { path: "/search.json?q=espresso&limit=9999" },
  { path: "/search.json?q=%ff" },
  { path: "/search.json?q=x", headers: { "api-version": "7" } },
  { method: "HEAD", path: "/resume.json" },
  { method: "OPTIONS", path: "/ask", headers: { origin: "https://example.test", "access-control-request-method": "POST" } },
  { method: "DELETE", path: "/photos/query.json" },
  { method: "PROPFIND", path: "/search.json" },
  { method: "TRACE", path: "/openapi.json" },
  { path: "/ask?query=espresso%20machine&streaming=false" },
  {
    method: "POST",
    path: "/ask",
    headers: { "content-type": "application/json" },
    body: '{"query":{"text":"how do I get in touch"},"prefer":{"streaming":false}}',
  },
  { method: "POST", path: "/ask", headers: { "content-type": "application/json" }, body: '{"query":' },
  { method: "POST", path: "/ask", headers: { "content-type": "application/json" }, body: '{"query":"x","mode":"summarize"}' },
  { path: "/photos/query.json?film_simulation=classic-chrome" },
  { path: "/images/manifest.json" },
  { path: "/openapi.json" },
  { path: "/.well-known/api-catalog" },
  { path: "/llms.txt" },
  { path: "/resume.md" },
  { path: "/resume", headers: { accept: "text/markdown" } },
  { path: "/developers.md" },
  { path: "/feed.xml" },
  { path: "/feed.json" },
  { path: "/rn/tracks" },
  { path: "/coffee/availability.json" },
  { path: "/ledger.json" },
  { path: "/lens/fetch?url=http://10.0.0.1/" },
  // Markdown twins, which the edge rewrites to /twins/… and answers itself too.
  { path: "/about.md" },
  { path: "/about", headers: { accept: "text/markdown" } },
  { path: "/index.md" },
  { method: "HEAD", path: "/writing/markdown-twins.md" },
  { path: "/search.md?q=espresso" },
  { path: "/photos.md" },
  { path: "/garage.md", headers: { "user-agent": "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)" } },
  { path: "/nope.md" },
  { method: "POST", path: "/about.md" },
  // The MCP transport.
  { path: "/mcp" },
  {
    method: "POST",
    path: "/mcp",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: "{",
  },
  {
    method: "POST",
    path: "/mcp",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", origin: "https://elsewhere.example" },
    body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
  },
  { method: "OPTIONS", path: "/mcp", headers: { origin: "http://127.0.0.1:3000", "access-control-request-method": "POST" } },
  {
    method: "POST",
    path: "/mcp",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "parity", version: "1" } },
    }),
  },
];

describe("an endpoint answered by the edge and the same one through Next", () => {
  it.each(CASES)("$method $path $headers", async (c) => {
    const options = { method: c.method, headers: c.headers, body: c.body };
    // /mcp speaks JSON-RPC, whose errors are not the API's Error shape (and it is not in /openapi.json).
    const send = async (s: RunningServer): Promise<ApiResult> => {
      if (!c.path.startsWith("/mcp")) return call(contract, s.base, c.path, options);
      const r = await httpRequest(`${s.base}${c.path}`, options);
      return { ...r, body: /json/.test(r.headers.get("content-type") ?? "") && r.text ? JSON.parse(r.text) : undefined };
    };
    const [a, b] = [await send(direct), await send(viaNext)];
    expect(a.status).toBe(b.status);
    const sameBytes = !c.timely && c.method !== "HEAD" && a.text === b.text;
    expect(headerView(a, direct, sameBytes)).toEqual(headerView(b, viaNext, sameBytes));
    if (!c.timely) expect(bodyView(a.text, direct, a.body !== undefined)).toEqual(bodyView(b.text, viaNext, b.body !== undefined));
  });

  it("compresses what the edge answers and what Next answers, to the same bytes", async () => {
    const get = (s: RunningServer, path: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${s.base}${path}`, { headers: { "accept-encoding": "gzip, br" }, agent: false }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on("error", reject);
      });
    for (const path of ["/openapi.json", "/search.json?q=espresso", "/resume.json", "/llms.txt"]) {
      const [a, b] = [await get(direct, path), await get(viaNext, path)];
      expect(a.headers["content-encoding"], path).toBe("gzip");
      // Next compresses a route handler's answer too (lib/edge/single-header.ts lets it see the type).
      expect(b.headers["content-encoding"], path).toBe("gzip");
      const text = (r: typeof a, s: RunningServer) =>
        (r.headers["content-encoding"] === "gzip" ? gunzipSync(r.body) : r.body).toString().replaceAll(new URL(s.base).host, "HOST");
      expect(text(a, direct), path).toBe(text(b, viaNext));
    }
  });

  it("answers a conditional request with the same 304", async () => {
    for (const s of [direct, viaNext]) {
      const first = await call(contract, s.base, "/resume.json");
      const again = await call(contract, s.base, "/resume.json", { headers: { "if-none-match": first.headers.get("etag")! } });
      expect(again.status).toBe(304);
      expect(again.text).toBe("");
    }
  });

  it("streams /ask's events the same way, each as it is sent", async () => {
    const events = async (s: RunningServer) => {
      const r = await readSse(`${s.base}/ask?query=${encodeURIComponent("what camera does she shoot")}`);
      return { status: r.status, events: r.events.map((e) => ({ event: e.event, data: bodyView(e.data, s, true) })) };
    };
    const [a, b] = [await events(direct), await events(viaNext)];
    expect(a.events.length).toBeGreaterThan(1);
    expect(a).toEqual(b);
  });

  it("gives the official MCP client the same tools and the same answers", async () => {
    const session = async (s: RunningServer) => {
      const client = await connectMcp(s.base, "auto");
      try {
        const { tools } = await client.listTools();
        const found = await client.callTool({ name: "searchSite", arguments: { q: "espresso", limit: 3 } });
        const refused = await client.callTool({ name: "searchSite", arguments: { q: "" } });
        return bodyView(JSON.stringify({ tools, found, refused }), s, true);
      } finally {
        await client.close();
      }
    };
    const [a, b] = [await session(direct), await session(viaNext)];
    expect((a as { tools: unknown[] }).tools.length).toBeGreaterThan(5);
    expect(a).toEqual(b);
  });

  it("stops an endpoint's work when its client goes away: lens lets go of a site that never answers", async () => {
    const target = `http://127.0.0.1:${(stalled.server.address() as { port: number }).port}/`;
    for (const s of [direct, viaNext]) {
      const arrived = new Promise<void>((resolve) => stalled.arrived.push(resolve));
      const closed = new Promise<void>((resolve) => stalled.closed.push(resolve));
      const req = http.get(`${s.base}/lens/fetch?url=${encodeURIComponent(target)}`, { agent: false });
      req.on("error", () => {});
      await arrived;
      const left = Date.now();
      req.destroy();
      await closed;
      // A client gone looks like one that half-closed, which gets the edge's grace; lens itself
      // would wait for its own deadline (8 s): this is the client's signal.
      expect(Date.now() - left, s === direct ? "direct" : "via Next").toBeLessThan(deadlines(env()).halfCloseGraceMs + 1500);
    }
  });

  it("is really two ways in: only the Next-routed answer carries Next's router Vary", async () => {
    const [a, b] = [await call(contract, direct.base, "/health.json"), await call(contract, viaNext.base, "/health.json")];
    expect(a.headers.get("vary") ?? "").not.toMatch(/rsc/i);
    expect(b.headers.get("vary") ?? "").toMatch(/rsc/i);
  });
});

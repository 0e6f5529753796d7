import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@/lib/surface/endpoints";
import { toolName } from "@/lib/core/endpoint";
import { appWithUpstreams } from "./helpers/app";
import { ENCODER_ON } from "./helpers/server";
import { call } from "./helpers/openapi";
import { httpRequest } from "./helpers/http";
import { connectMcp, resultText, type Negotiation } from "./helpers/mcp";

/**
 * The MCP server at /mcp, driven by the official v2 client over real HTTP, in both
 * negotiation modes: every tool listed and called, every result checked against the
 * tool's output schema, the budgets shared with HTTP, and the transport's edges.
 */
type Json = Record<string, unknown>;
type Tool = { name: string; description?: string; inputSchema: Json; outputSchema?: Json };

const app = appWithUpstreams(ENCODER_ON);

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

/** Arguments for a call of each tool: the examples its input schema carries, loopback for URLs. */
function argumentsFor(tool: Tool, snapshotId: string): Json {
  if (tool.name === "representation_compare") return { left: snapshotId };
  if (tool.name === "representation_capture" || tool.name === "inspectUrl") return { url: `${app.lens.base}/rich` };
  if (tool.name === "compareUrls") return { left: `${app.lens.base}/rich`, right: `${app.lens.base}/plain` };
  const args: Json = {};
  const props = (tool.inputSchema.properties ?? {}) as Record<string, Json>;
  for (const name of (tool.inputSchema.required ?? []) as string[]) args[name] = (props[name].examples as unknown[])[0];
  return args;
}

describe.each(["auto", "legacy"] as Negotiation[])("the official client, %s negotiation", (mode) => {
  let client: Client;
  let tools: Tool[];
  beforeAll(async () => {
    client = await connectMcp(app.server.base, mode, mode === "auto" ? "127.0.0.41" : "127.0.0.42");
    tools = (await client.listTools()).tools as Tool[];
  });
  afterAll(() => client?.close());

  it("negotiates the revision the mode asks for", () => {
    expect(client.getNegotiatedProtocolVersion()).toBe(mode === "auto" ? "2026-07-28" : "2025-11-25");
  });

  it("names itself as its server cards do", async () => {
    const card = (await call(app.contract, app.server.base, "/mcp/server-card")).body as { name: string; title: string };
    const old = (await call(app.contract, app.server.base, "/.well-known/mcp/server-card.json")).body as { serverInfo: { name: string } };
    expect(client.getServerVersion()).toMatchObject({ name: card.name, title: card.title });
    expect(old.serverInfo.name).toBe(card.name);
  });

  it("lists every endpoint that is a tool, plus ask and the two snapshot tools, each with schemas and a description", () => {
    const expected = endpoints().flatMap((e) => toolName(e) ?? []);
    expect(tools.map((t) => t.name).sort()).toEqual([...expected].sort());
    for (const name of ["ask", "representation_capture", "representation_compare", "searchSite", "queryPhotos", "inspectUrl", "getResume"])
      expect(expected).toContain(name);
    for (const t of tools) {
      expect(t.description, t.name).toBeTruthy();
      expect(t.inputSchema.type).toBe("object");
      expect(t.outputSchema?.type, t.name).toBe("object");
    }
    for (const name of ["representation_capture", "representation_compare"])
      expect(tools.find((t) => t.name === name)!.description).toMatch(/STORES/);
  });

  it("calls every tool; each result matches the tool's own output schema", async () => {
    const capture = await client.callTool({ name: "representation_capture", arguments: { url: `${app.lens.base}/rich` } });
    expect(capture.isError, JSON.stringify(capture.content)).toBeFalsy();
    const snapshotId = (capture.structuredContent as { snapshot: { id: string } }).snapshot.id;
    for (const tool of tools) {
      const r = await client.callTool({ name: tool.name, arguments: argumentsFor(tool, snapshotId) });
      expect(r.isError, `${tool.name}: ${JSON.stringify(r.content).slice(0, 300)}`).toBeFalsy();
      const validate = ajv.compile(tool.outputSchema!);
      expect(validate(r.structuredContent), `${tool.name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      expect(resultText(r)).toEqual(r.structuredContent);
    }
  });

  it("refuses what the endpoint refuses, in the Error shape", async () => {
    const blank = await client.callTool({ name: "ask", arguments: { query: "   " } });
    expect(blank.isError).toBe(true);
    expect(resultText(blank)).toMatchObject({ ok: false, code: "bad_request", parameter: "query", results: [] });
    const long = await client.callTool({ name: "searchSite", arguments: { q: "x".repeat(161) } });
    expect(resultText(long)).toMatchObject({ code: "bad_request", parameter: "q" });
    const generate = await client.callTool({ name: "ask", arguments: { query: "espresso", mode: "generate" } });
    expect(resultText(generate)).toMatchObject({ code: "not_implemented", status: 501, supported_modes: ["list"] });
    const privateUrl = await client.callTool({ name: "inspectUrl", arguments: { url: "http://10.0.0.1/" } });
    expect(resultText(privateUrl)).toMatchObject({ code: "bad_request", parameter: "url" });
    const unknownRow = await client.callTool({ name: "representation_compare", arguments: { left: "no-such-row" } });
    expect(resultText(unknownRow)).toMatchObject({ code: "not_found", parameter: "left" });
  });

  it("ask answers the same pages as GET /ask", async () => {
    const tool = await client.callTool({ name: "ask", arguments: { query: "how do I balance old motorcycle carburetors", top_k: 3 } });
    const http = await call(app.contract, app.server.base, "/ask?query=how+do+I+balance+old+motorcycle+carburetors&top_k=3&streaming=0", {
      localAddress: "127.0.0.43",
    });
    const urls = (b: unknown) => (b as { results: { url: string }[] }).results.map((r) => r.url);
    expect(urls(tool.structuredContent)).toEqual(urls(http.body));
  });
});

describe("budgets", () => {
  it("the inspect budget is shared: the 31st inspection in a minute across /lens/fetch and MCP is refused", async () => {
    const from = "127.0.0.51";
    const client = await connectMcp(app.server.base, "auto", from);
    try {
      for (let i = 0; i < 15; i++) {
        const r = await call(app.contract, app.server.base, `/lens/fetch?url=${encodeURIComponent(`${app.lens.base}/rich`)}`, {
          localAddress: from,
        });
        expect(r.status, `HTTP call ${i + 1}`).toBe(200);
        const t = await client.callTool({ name: "inspectUrl", arguments: { url: `${app.lens.base}/rich` } });
        expect(t.isError, `MCP call ${i + 1}`).toBeFalsy();
      }
      const refused = await client.callTool({ name: "inspectUrl", arguments: { url: `${app.lens.base}/rich` } });
      expect(refused.isError).toBe(true);
      // The wait is in the result itself: an agent sees no Retry-After header.
      expect(resultText(refused)).toMatchObject({
        ok: false,
        code: "rate_limited",
        status: 429,
        policy: "inspect",
        retryAfter: expect.any(Number),
      });
      expect((resultText(refused) as { retryAfter: number }).retryAfter).toBeGreaterThanOrEqual(1);
      const http = await call(app.contract, app.server.base, `/lens/fetch?url=${encodeURIComponent(`${app.lens.base}/rich`)}`, {
        localAddress: from,
      });
      expect(http.status).toBe(429);
      // Listing stored snapshots is a read, not an inspection: still served.
      const list = await client.callTool({ name: "representation_capture", arguments: {} });
      expect(list.isError).toBeFalsy();
    } finally {
      await client.close();
    }
  }, 300_000);
});

describe("the transport's edges", () => {
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    httpRequest(`${app.server.base}/mcp`, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    });

  it("refuses a foreign Origin with 403 in the Error shape, and serves the site's own", async () => {
    const listing = { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} };
    const foreign = await post(listing, { origin: "https://evil.example", "mcp-protocol-version": "2025-11-25" });
    expect(foreign.status).toBe(403);
    app.contract.validate("/mcp", "POST", 403, "application/json", JSON.parse(foreign.text));
    expect(JSON.parse(foreign.text)).toMatchObject({ ok: false, code: "forbidden", status: 403 });
    const own = await post(listing, { origin: app.server.base, "mcp-protocol-version": "2025-11-25" });
    expect(own.status).toBe(200);
  });

  it("grants a browser's preflight only to the origins it serves: a foreign page is stopped before it sends anything", async () => {
    const preflight = (origin: string) =>
      httpRequest(`${app.server.base}/mcp`, {
        method: "OPTIONS",
        headers: {
          origin,
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type, mcp-protocol-version",
        },
      });
    const foreign = await preflight("https://evil.example");
    expect(foreign.status).toBe(204);
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
    expect(foreign.headers.get("access-control-allow-methods")).toBeNull();
    expect(foreign.headers.get("vary")).toMatch(/Origin/);
    const own = await preflight(app.server.base);
    expect(own.headers.get("access-control-allow-origin")).toBe("*");
    expect(own.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
    expect(own.headers.get("access-control-allow-headers")).toMatch(/Mcp-Protocol-Version/);
  });

  it("draws on the read budget for everything but tools/call, with the RateLimit headers", async () => {
    const list = await post({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} }, { "mcp-protocol-version": "2025-11-25" });
    expect(list.status).toBe(200);
    expect(list.headers.get("ratelimit-policy")).toBe('"read";q=120;w=60');
    expect(list.headers.get("ratelimit")).toMatch(/^"read";r=\d+;t=\d+$/);
  });

  it("reports the budget a tool call drew on in RateLimit headers (2026-07-28, one JSON answer)", async () => {
    const meta = {
      "io.modelcontextprotocol/protocolVersion": "2026-07-28",
      "io.modelcontextprotocol/clientInfo": { name: "t", version: "1" },
      "io.modelcontextprotocol/clientCapabilities": {},
    };
    const r = await post(
      {
        jsonrpc: "2.0",
        id: 4,
        method: "tools/call",
        params: { name: "inspectUrl", arguments: { url: `${app.lens.base}/rich` }, _meta: meta },
      },
      { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "inspectUrl" },
    );
    expect(r.status, r.text.slice(0, 300)).toBe(200);
    expect(r.headers.get("ratelimit-policy")).toBe('"inspect";q=30;w=60');
    expect(r.headers.get("ratelimit")).toMatch(/^"inspect";r=\d+;t=\d+$/);
  });

  it("refuses subscriptions/listen (the tool list never changes) and a body that is not JSON", async () => {
    const listen = await post(
      { jsonrpc: "2.0", id: 3, method: "subscriptions/listen", params: {} },
      { "mcp-protocol-version": "2026-07-28" },
    );
    expect(listen.status).toBe(404);
    expect(JSON.parse(listen.text)).toMatchObject({ jsonrpc: "2.0", id: 3, error: { code: -32601 } });
    const bad = await httpRequest(`${app.server.base}/mcp`, {
      method: "POST",
      body: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text)).toMatchObject({ error: { code: -32700 } });
    const huge = await httpRequest(`${app.server.base}/mcp`, {
      method: "POST",
      body: JSON.stringify({ pad: "x".repeat(70_000) }),
      headers: { "content-type": "application/json" },
    });
    expect(huge.status).toBe(400);
    expect(JSON.parse(huge.text)).toMatchObject({ ok: false, code: "bad_request" });
  });

  it("accepts a notification with 202 and no body", async () => {
    const r = await post({ jsonrpc: "2.0", method: "notifications/initialized" }, { "mcp-protocol-version": "2025-11-25" });
    expect(r.status).toBe(202);
    expect(r.text).toBe("");
  });

  it.each(["GET", "DELETE"])("answers %s with 405 and Allow", async (method) => {
    const r = await call(app.contract, app.server.base, "/mcp", { method });
    expect(r.status).toBe(405);
    expect(r.headers.get("allow")).toBe("POST, OPTIONS");
    expect(r.body).toMatchObject({ ok: false, code: "method_not_allowed", allow: ["POST", "OPTIONS"] });
  });
});

describe("discovery of the server", () => {
  it.each([
    ["/mcp/server-card", "application/mcp-server-card+json"],
    ["/.well-known/mcp/server-card.json", "application/json"],
    ["/.well-known/ai-catalog.json", "application/ai-catalog+json"],
  ])("%s: CORS, Cache-Control, ETag and 304", async (path, media) => {
    const r = await call(app.contract, app.server.base, path, { headers: { origin: "https://elsewhere.example" } });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")!.split(";")[0]).toBe(media);
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
    expect(r.headers.get("cache-control")).toBe("public, max-age=3600");
    const etag = r.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await call(app.contract, app.server.base, path, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
  });

  it("every protocol version the card lists is one the server speaks", async () => {
    const card = (await call(app.contract, app.server.base, "/mcp/server-card")).body as {
      remotes: { supportedProtocolVersions: string[] }[];
    };
    const versions = card.remotes[0].supportedProtocolVersions;
    expect(versions).toEqual(expect.arrayContaining(["2026-07-28", "2025-11-25", "2024-11-05"]));
    for (const [i, v] of versions.entries()) {
      const legacy = v !== "2026-07-28";
      // 2025-era and older: the initialize handshake agrees on the version asked for;
      // 2026-07-28: no handshake, each request names its revision (server/discover).
      const message = legacy
        ? {
            jsonrpc: "2.0",
            id: i,
            method: "initialize",
            params: { protocolVersion: v, capabilities: {}, clientInfo: { name: "t", version: "1" } },
          }
        : {
            jsonrpc: "2.0",
            id: i,
            method: "server/discover",
            params: {
              _meta: {
                "io.modelcontextprotocol/protocolVersion": v,
                "io.modelcontextprotocol/clientInfo": { name: "t", version: "1" },
                "io.modelcontextprotocol/clientCapabilities": {},
              },
            },
          };
      const r = await httpRequest(`${app.server.base}/mcp`, {
        method: "POST",
        body: JSON.stringify(message),
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...(legacy ? {} : { "mcp-protocol-version": v, "mcp-method": "server/discover" }),
        },
        localAddress: "127.0.0.53",
      });
      expect(r.status, v).toBe(200);
      const text = r.text.startsWith("{") ? r.text : /^data: (.+)$/m.exec(r.text)![1];
      const result = (JSON.parse(text) as { result: { protocolVersion?: string; supportedVersions?: string[] } }).result;
      if (legacy) expect(result.protocolVersion, v).toBe(v);
      else expect(result.supportedVersions, v).toContain(v);
    }
  });

  it("the cards point at /mcp, the catalog at the card, and the API catalog, llms.txt, the guide and the home page at the server", async () => {
    const card = (await call(app.contract, app.server.base, "/mcp/server-card")).body as {
      remotes: { url: string; supportedProtocolVersions: string[] }[];
    };
    expect(card.remotes[0].url).toBe(`${app.server.base}/mcp`);
    expect(card.remotes[0].supportedProtocolVersions).toContain("2026-07-28");
    const old = (await call(app.contract, app.server.base, "/.well-known/mcp/server-card.json")).body as {
      transport: { endpoint: string };
      tools: { name: string }[];
    };
    expect(old.transport.endpoint).toBe("/mcp");
    expect(old.tools.map((t) => t.name)).toContain("ask");
    const ai = (await call(app.contract, app.server.base, "/.well-known/ai-catalog.json")).body as { entries: { url: string }[] };
    expect(ai.entries.map((e) => e.url)).toContain(`${app.server.base}/mcp/server-card`);
    const apiCatalog = await call(app.contract, app.server.base, "/.well-known/api-catalog");
    expect(apiCatalog.text).toContain(`${app.server.base}/mcp`);
    expect((await call(app.contract, app.server.base, "/llms.txt")).text).toContain("/mcp");
    expect((await call(app.contract, app.server.base, "/developers.md")).text).toContain(`${app.server.base}/mcp/server-card`);
    const home = await httpRequest(`${app.server.base}/`, { method: "HEAD" });
    expect(home.headers.get("link")).toContain("</mcp/server-card>");
  });
});

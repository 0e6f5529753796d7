import { PREFLIGHT_ALLOW_HEADERS } from "@/lib/core/response";
import { limitHeaders } from "@/lib/core/budget";
import { readBody } from "@/lib/core/body";
import { route } from "@/lib/core/route";
import { rateLimited, spend, type LimitState } from "@/lib/core/invoke";
import type { Caller } from "@/lib/core/caller";
import { env } from "@/lib/env";
import { callContextAuth, mcpHandler, type McpCallContext } from "./server";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * POST /mcp: the MCP transport behind the shared route wrapper (405 with Allow for GET
 * and DELETE, preflight, CORS). Budgets: a tools/call draws on its endpoint's budget inside
 * invoke(); every other message (discover, initialize, tools/list, ping…) on the read
 * budget, so no MCP traffic is free. The body is read here, capped like the API's.
 */
export const mcpRoute = route(
  {
    path: "/mcp",
    methods: ["POST"],
    preflightHeaders: `${PREFLIGHT_ALLOW_HEADERS}, Mcp-Protocol-Version, Mcp-Method, Mcp-Name`,
    allowsOrigin: allowedOrigin,
  },
  async ({ req, base, caller }) => {
    const text = await readBody(req);
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return jsonRpcError(400, null, -32700, "Parse error: the body is not JSON.");
    }
    const methods = (Array.isArray(message) ? message : [message]).map((m) => (m as { method?: unknown })?.method);
    if (methods.includes("subscriptions/listen")) {
      // The tool list never changes while the server runs: no long-lived streams to hold open.
      return jsonRpcError(
        404,
        (message as { id?: unknown }).id ?? null,
        -32601,
        "subscriptions/listen is not offered: the tool list is fixed.",
      );
    }
    const read = methods.every((m) => m === "tools/call") ? undefined : await spendRead(caller);
    const call: McpCallContext = { caller, base, signal: req.signal };
    const res = await mcpHandler.fetch(req, { parsedBody: message, authInfo: callContextAuth(call) });
    // A JSON answer is complete here, so a tool call's budget is known; a 2025-era SSE answer
    // may still be running, and then only a non-tool message's read budget is reported.
    const limit = read ?? call.limit;
    if (!limit) return res;
    const headers = new Headers(res.headers);
    for (const [k, v] of Object.entries(limitHeaders(limit))) headers.set(k, v);
    return new Response(res.body, { status: res.status, headers });
  },
);

/**
 * The site's own pages may call the server from a browser; no other page may (the MCP
 * transport's Origin rule, against DNS rebinding). The site's origin is SITE_URL, never the
 * request's Host, which a rebinding page controls; without SITE_URL, only loopback origins.
 */
function allowedOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const site = env().SITE_URL;
  if (site) return url.origin === new URL(site).origin;
  return url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
}

async function spendRead(caller: Caller): Promise<LimitState> {
  const limit = await spend("read", caller);
  if (!limit.allowed) throw rateLimited(limit);
  return limit;
}

function jsonRpcError(status: number, id: unknown, code: number, message: string): Response {
  return Response.json({ jsonrpc: "2.0", id, error: { code, message } }, { status });
}

import {
  ProtocolError,
  ProtocolErrorCode,
  Server,
  createMcpHandler,
  type AuthInfo,
  type CallToolResult,
} from "@modelcontextprotocol/server";
import type { Caller } from "@/lib/core/caller";
import { invoke, type LimitState } from "@/lib/core/invoke";
import { siteConfig } from "@/site.config";
import { MCP_INSTRUCTIONS, MCP_SERVER_VERSION, mcpServerName, type ToolDescription } from "./tools";
import { tools } from "../endpoints";

/** Who is calling, handed from the HTTP route to the tools (the SDK passes it as authInfo). */
export interface McpCallContext {
  caller: Caller;
  base: string;
  signal: AbortSignal;
  /** Set by a tool call: where the caller stands against the budget it drew on (for RateLimit headers). */
  limit?: LimitState;
}

export function callContextAuth(c: McpCallContext): AuthInfo {
  return { token: "", clientId: "anonymous", scopes: [], extra: { site: c } };
}

let listing: ReturnType<typeof listTools> | undefined;
let byName: Map<string, ToolDescription> | undefined;

/** tools/list never changes while the process runs: built once. */
function toolList() {
  listing ??= listTools();
  return listing;
}

function listTools() {
  return {
    tools: tools().map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: t.inputSchema,
      outputSchema: t.outputSchema,
      annotations: t.annotations,
    })),
  };
}

/**
 * One server per request (the SDK's stateless model), bound to the caller of that request.
 * The low-level Server with two handlers: tools are listed exactly as the endpoints declare
 * them, and a call is checked by invoke() with the endpoint's own zod schema, not by the
 * SDK: one validation path for HTTP and MCP, with the same clamping and error messages.
 * (McpServer.registerTool per tool per request measured slower, for nothing we use.)
 */
export function buildMcpServer(call: McpCallContext): Server {
  const { caller, base, signal: requestSignal } = call;
  byName ??= new Map(tools().map((t) => [t.name, t]));
  const server = new Server(
    { name: mcpServerName(base), title: `${siteConfig.name} — site tools`, version: MCP_SERVER_VERSION },
    { capabilities: { tools: { listChanged: false } }, instructions: MCP_INSTRUCTIONS },
  );
  server.setRequestHandler("tools/list", () => toolList());
  server.setRequestHandler("tools/call", async (request, ctx) => {
    const tool = byName!.get(request.params.name);
    if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${request.params.name} not found`);
    const signal = (ctx as { mcpReq?: { signal?: AbortSignal } }).mcpReq?.signal ?? requestSignal;
    const outcome = await invoke(tool.endpoint, (request.params.arguments ?? {}) as Record<string, unknown>, caller, { base, signal });
    call.limit = outcome.limit;
    if (outcome.ok) {
      const data = outcome.data as Record<string, unknown>;
      return { content: [{ type: "text", text: JSON.stringify(data) }], structuredContent: data } satisfies CallToolResult;
    }
    // The spec's Error body as text; no structuredContent, which would have to match the output schema.
    return { isError: true, content: [{ type: "text", text: JSON.stringify(outcome.error.body()) }] } satisfies CallToolResult;
  });
  return server;
}

/** Revision 2026-07-28 (stateless, server/discover) plus the stateless fallback for 2025-era clients. */
export const mcpHandler = createMcpHandler(({ authInfo }) => buildMcpServer(authInfo?.extra?.site as McpCallContext), {
  legacy: "stateless",
  // lib/surface/mcp/route.ts reads and caps the body (64 KiB) before the SDK sees it.
  maxRequestBodySize: 64 * 1024,
});

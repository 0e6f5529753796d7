import { McpServer, createMcpHandler, fromJsonSchema, type AuthInfo, type jsonSchemaValidator } from "@modelcontextprotocol/server";
import type { Caller } from "@/lib/core/caller";
import { invoke } from "@/lib/core/invoke";
import { siteConfig } from "@/site.config";
import { MCP_INSTRUCTIONS, MCP_SERVER_VERSION, tools } from "./tools";

/**
 * Schemas are listed exactly as the endpoint declares them, but checked by invoke() with
 * the endpoint's own zod schema, not by the SDK: one validation path for HTTP and MCP,
 * with the same clamping and the same error messages.
 */
const passThrough = {
  getValidator: () => (input: unknown) => ({ valid: true as const, data: input, errorMessage: undefined }),
} as unknown as jsonSchemaValidator;

/** Who is calling, handed from the HTTP route to the tools (the SDK passes it as authInfo). */
export interface McpCallContext {
  caller: Caller;
  base: string;
  signal: AbortSignal;
}

export function callContextAuth(c: McpCallContext): AuthInfo {
  return { token: "", clientId: "anonymous", scopes: [], extra: { site: c } };
}

/** One server per request (the SDK's stateless model), bound to the caller of that request. */
export function buildMcpServer({ caller, base, signal: requestSignal }: McpCallContext): McpServer {
  const server = new McpServer(
    { name: siteConfig.name, title: `${siteConfig.name} — site tools`, version: MCP_SERVER_VERSION },
    { instructions: MCP_INSTRUCTIONS },
  );
  for (const t of tools()) {
    server.registerTool(
      t.name,
      {
        title: t.title,
        description: t.description,
        inputSchema: fromJsonSchema(t.inputSchema as never, passThrough),
        outputSchema: fromJsonSchema(t.outputSchema as never, passThrough),
        annotations: t.annotations,
      },
      async (args: unknown, ctx: { mcpReq?: { signal?: AbortSignal } }) => {
        const signal = ctx.mcpReq?.signal ?? requestSignal;
        const outcome = await invoke(t.endpoint, (args ?? {}) as Record<string, unknown>, caller, { base, signal });
        if (outcome.ok) {
          return {
            content: [{ type: "text" as const, text: JSON.stringify(outcome.data) }],
            structuredContent: outcome.data as Record<string, unknown>,
          };
        }
        // The spec's Error body as text; no structuredContent, which would have to match the output schema.
        return { isError: true, content: [{ type: "text" as const, text: JSON.stringify(outcome.error.body()) }] };
      },
    );
  }
  return server;
}

/** Revision 2026-07-28 (stateless, server/discover) plus the stateless fallback for 2025-era clients. */
export const mcpHandler = createMcpHandler(({ authInfo }) => buildMcpServer(authInfo?.extra?.site as McpCallContext), {
  legacy: "stateless",
});

import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Agent, fetch as undiciFetch } from "undici";

export type Negotiation = "auto" | "legacy";

/**
 * The official MCP client (v2) against the app under test. `auto` speaks revision
 * 2026-07-28 (server/discover, no initialize); `legacy` runs the 2025-era initialize
 * handshake. `from` picks the loopback source address, so a test is its own caller.
 */
export async function connectMcp(base: string, mode: Negotiation, from = "127.0.0.1"): Promise<Client> {
  const dispatcher = new Agent({ localAddress: from });
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
    fetch: ((url: string | URL, init?: RequestInit) => undiciFetch(url, { ...(init as object), dispatcher })) as unknown as typeof fetch,
  });
  const client = new Client({ name: "site-tests", version: "1.0.0" }, mode === "auto" ? { versionNegotiation: { mode: "auto" } } : {});
  await client.connect(transport);
  return client;
}

/** The JSON text of a tool result's first content block. */
export function resultText(r: { content?: unknown }): unknown {
  const first = (r.content as { type: string; text?: string }[] | undefined)?.[0];
  return first?.type === "text" ? JSON.parse(first.text ?? "null") : undefined;
}

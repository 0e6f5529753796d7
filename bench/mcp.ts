import { startBenchServer } from "./server";
import { compare, printComparison } from "./load";

const QUERY = "carburetor vacuum";
const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "bench", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": {},
};
const CALL = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "tools/call",
  params: { name: "searchSite", arguments: { q: QUERY }, _meta: META },
});
const HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": "2026-07-28",
  "mcp-method": "tools/call",
  "mcp-name": "searchSite",
};

/**
 * What MCP costs over the plain endpoint: `tools/call` of searchSite (revision 2026-07-28,
 * one stateless POST, as the v2 client sends it) against GET /search.json with the same
 * query, alternating in one server. Target: the MCP path within 1.5× (ratio ≥ 0.67).
 */
export async function benchMcp() {
  const server = await startBenchServer({ TRUST_PROXY_HEADER: "x-bench-client" });
  try {
    const probe = await fetch(`${server.base}/mcp`, { method: "POST", headers: HEADERS, body: CALL });
    const json = (await probe.json()) as { result?: { structuredContent?: { total?: number } } };
    if (probe.status !== 200 || json.result?.structuredContent?.total === undefined)
      throw new Error(`MCP probe failed: ${probe.status} ${JSON.stringify(json).slice(0, 300)}`);
    const r = await compare({
      endpoint: `${server.base}/search.json?q=${encodeURIComponent(QUERY)}`,
      mcp: { url: `${server.base}/mcp`, method: "POST", body: CALL, headers: HEADERS },
    });
    printComparison("MCP: tools/call searchSite vs GET /search.json, same query", r, "mcp", "endpoint", "target ≥ 0.67, i.e. within 1.5×");
  } finally {
    await server.stop();
  }
}

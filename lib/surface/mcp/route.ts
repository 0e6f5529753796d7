import { ApiError } from "@/lib/core/errors";
import { PREFLIGHT_ALLOW_HEADERS, route } from "@/lib/core/http";
import { callContextAuth, mcpHandler } from "./server";

/**
 * POST /mcp: the MCP transport behind the shared route wrapper (405 with Allow for GET
 * and DELETE, preflight, CORS). A browser page on another origin is refused (403), as
 * the MCP transport spec requires; clients without an Origin (agents, CLIs) are served.
 * Tool calls draw on the same budgets as the endpoints, inside invoke().
 */
export const mcpRoute = route(
  {
    path: "/mcp",
    methods: ["POST"],
    preflightHeaders: `${PREFLIGHT_ALLOW_HEADERS}, Mcp-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Session-Id`,
  },
  async ({ req, base, caller }) => {
    const origin = req.headers.get("origin");
    if (origin !== null && !sameOrigin(origin, base)) {
      throw new ApiError("forbidden", `Origin ${origin} may not call this MCP server.`, {
        hint: "Call it from a server or an agent (no Origin header), or from this site's own pages.",
      });
    }
    return mcpHandler.fetch(req, { authInfo: callContextAuth({ caller, base, signal: req.signal }) });
  },
);

function sameOrigin(origin: string, base: string): boolean {
  try {
    return new URL(origin).origin === new URL(base).origin;
  } catch {
    return false;
  }
}

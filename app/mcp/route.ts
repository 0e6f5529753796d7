import { mcpRoute } from "@/lib/surface/mcp/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mcpRoute;

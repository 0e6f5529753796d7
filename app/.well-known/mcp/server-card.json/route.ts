import { endpointHandlers } from "@/lib/core/http";
import { mcpServerCardWellKnown } from "@/lib/surface/mcp/cards";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(mcpServerCardWellKnown);

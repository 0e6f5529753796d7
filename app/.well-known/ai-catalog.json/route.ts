import { endpointHandlers } from "@/lib/core/http";
import { aiCatalog } from "@/lib/surface/mcp/cards";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(aiCatalog);

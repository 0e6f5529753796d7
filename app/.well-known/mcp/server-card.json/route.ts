import { endpointHandlers } from "@/lib/core/http";
import { mcpServerCardWellKnown } from "@/lib/surface/endpoints";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(mcpServerCardWellKnown);

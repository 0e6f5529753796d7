import { endpointHandlers } from "@/lib/core/route";
import { mcpServerCard } from "@/lib/surface/endpoints";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(mcpServerCard);

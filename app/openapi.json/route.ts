import { endpointHandlers } from "@/lib/core/route";
import { openapi } from "@/lib/surface/endpoints";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(openapi);

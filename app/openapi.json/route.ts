import { endpointHandlers } from "@/lib/core/http";
import { openapi } from "@/lib/surface/openapi-endpoint";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(openapi);

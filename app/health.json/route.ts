import { endpointHandlers } from "@/lib/core/http";
import { health } from "@/lib/health/endpoint";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(health);

import { endpointHandlers } from "@/lib/core/route";
import { health } from "@/lib/health/endpoint";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(health);

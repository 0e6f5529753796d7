import { endpointHandlers } from "@/lib/core/http";
import { ask } from "@/lib/ask/endpoint";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(ask);

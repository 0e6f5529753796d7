import { endpointHandlers } from "@/lib/core/route";
import { ask } from "@/lib/ask/endpoint";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(ask);

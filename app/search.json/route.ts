import { endpointHandlers } from "@/lib/core/route";
import { search } from "@/lib/search/endpoint";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(search);

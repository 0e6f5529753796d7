import { endpointHandlers } from "@/lib/core/route";
import { getCensus } from "@/lib/lens/census/endpoint";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(getCensus);

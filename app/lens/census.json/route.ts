import { endpointHandlers } from "@/lib/core/http";
import { getCensus } from "@/lib/lens";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(getCensus);

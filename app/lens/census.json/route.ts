import { endpointHandlers } from "@/lib/core/route";
import { getCensus } from "@/lib/lens";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(getCensus);

import { endpointHandlers } from "@/lib/core/route";
import { getNeighborhood } from "@/lib/around/endpoints";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(getNeighborhood);

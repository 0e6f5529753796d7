import { endpointHandlers } from "@/lib/core/route";
import { getChangeRadar } from "@/lib/around/endpoints";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(getChangeRadar);

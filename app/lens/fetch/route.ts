import { endpointHandlers } from "@/lib/core/route";
import { lensFetch } from "@/lib/lens";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(lensFetch);

import { endpointHandlers } from "@/lib/core/http";
import { lensFetch } from "@/lib/lens";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(lensFetch);

import { endpointHandlers } from "@/lib/core/http";
import { keyDirectoryEndpoint } from "@/lib/lens";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(keyDirectoryEndpoint);

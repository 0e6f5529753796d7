import { endpointHandlers } from "@/lib/core/route";
import { keyDirectoryEndpoint } from "@/lib/lens";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(keyDirectoryEndpoint);

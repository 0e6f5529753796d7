import { endpointHandlers } from "@/lib/core/route";
import { keyDirectoryEndpoint } from "@/lib/lens/identity-endpoint";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(keyDirectoryEndpoint);

import { endpointHandlers } from "@/lib/core/http";
import { compareUrls } from "@/lib/lens";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(compareUrls);

import { endpointHandlers } from "@/lib/core/route";
import { compareUrls } from "@/lib/lens";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(compareUrls);

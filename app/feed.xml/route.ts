import { endpointHandlers } from "@/lib/core/route";
import { atomFeed } from "@/lib/content/endpoints";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(atomFeed);

import { endpointHandlers } from "@/lib/core/http";
import { photoQuery } from "@/lib/photos/endpoints";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(photoQuery);

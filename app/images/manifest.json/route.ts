import { endpointHandlers } from "@/lib/core/route";
import { photoManifest } from "@/lib/photos/endpoints";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(photoManifest);

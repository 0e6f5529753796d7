import { photoManifest } from "@/lib/photos/endpoints";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = photoManifest.handlers;

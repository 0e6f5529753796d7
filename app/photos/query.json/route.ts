import { photoQuery } from "@/lib/photos/endpoints";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = photoQuery.handlers;

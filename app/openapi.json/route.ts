import { openapi } from "@/lib/meta/openapi-endpoint";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = openapi.handlers;

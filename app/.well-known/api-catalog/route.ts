import { apiCatalogEndpoint } from "@/lib/meta/api-catalog";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiCatalogEndpoint.handlers;

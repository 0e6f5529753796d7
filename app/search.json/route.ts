import { search } from "@/lib/search/endpoint";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = search.handlers;

import { jsonFeedEndpoint } from "@/lib/feeds/json-feed";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = jsonFeedEndpoint.handlers;

import type { Endpoint } from "./endpoint";
import { health } from "@/lib/meta/health";
import { openapi } from "@/lib/meta/openapi-endpoint";
import { apiCatalogEndpoint } from "@/lib/meta/api-catalog";
import { developerGuideMarkdown } from "@/lib/meta/developer-guide-endpoint";
import { search } from "@/lib/search/endpoint";
import { ask } from "@/lib/ask/endpoint";
import { resumeJson, resumeMd, resumePdf } from "@/lib/resume/endpoints";
import { jsonFeedEndpoint } from "@/lib/feeds/json-feed";
import { photoManifest, photoQuery } from "@/lib/photos/endpoints";
import { lensFetch } from "@/lib/lens/endpoint";

/**
 * Every endpoint in one list: the source of /openapi.json, the API catalog, the developer
 * guide, the MCP tools and the contract test battery. Register a new endpoint here and
 * all of those pick it up. (A function, because some endpoints describe the registry itself.)
 */
export function endpoints(): readonly Endpoint[] {
  return [search, ask, photoQuery, photoManifest, lensFetch, resumeJson, resumeMd, resumePdf, jsonFeedEndpoint, health, openapi, apiCatalogEndpoint, developerGuideMarkdown];
}

import type { Endpoint } from "@/lib/core/endpoint";
import { health } from "@/lib/health/endpoint";
import { search } from "@/lib/search/endpoint";
import { ask } from "@/lib/ask/endpoint";
import { resumeJson, resumeMd, resumePdf } from "@/lib/resume/endpoints";
import { atomFeed, jsonFeed, llmsFullTxt, llmsTxt } from "@/lib/content/endpoints";
import { photoManifest, photoQuery } from "@/lib/photos/endpoints";
import { lensFetch, compareUrls, getCensus, representationCapture, representationCompare, keyDirectoryEndpoint } from "@/lib/lens";
import { getChangeRadar, getNeighborhood } from "@/lib/around/endpoints";
import { getCrawlLedger } from "@/lib/ledger/endpoint";
import { getNowPlaying } from "@/lib/music/endpoint";
import { getCoffeeAvailability } from "@/lib/coffee/endpoint";

/**
 * Every capability the API offers, in one list: with the endpoints that describe them
 * (./self-describing.ts) it makes the full list of ./endpoints.ts, the source of
 * /openapi.json, the API catalog, the developer guide, the MCP tools, the served paths and
 * the contract test battery. Register a new endpoint here (and give it its route file) and
 * all of those pick it up.
 */
export const capabilities: readonly Endpoint[] = [
  search,
  ask,
  photoQuery,
  photoManifest,
  lensFetch,
  compareUrls,
  getCensus,
  representationCapture,
  representationCompare,
  getCrawlLedger,
  getNeighborhood,
  getChangeRadar,
  getNowPlaying,
  getCoffeeAvailability,
  resumeJson,
  resumeMd,
  resumePdf,
  jsonFeed,
  atomFeed,
  llmsTxt,
  llmsFullTxt,
  health,
  keyDirectoryEndpoint,
];

/**
 * Routes that answer through the shared wrapper but are not endpoints of the API: each
 * with why it is not listed. tests/routes.test.ts fails when a route file is in neither
 * list, or a listed path has no route file.
 */
export const UNLISTED_ROUTES = [
  { route: "/mcp", served: "/mcp", why: "the MCP transport; its tools are the endpoints above", readable: false },
  {
    route: "/twins/[[...path]]",
    served: undefined,
    why: "Markdown twins of pages; proxy.ts rewrites `<page>.md` and `Accept: text/markdown` here",
  },
  {
    route: "/robots.txt",
    served: "/robots.txt",
    why: "for crawlers; never budgeted (a 429 there reads as 'disallow all' to some)",
    readable: true,
  },
  {
    route: "/sitemap.xml",
    served: "/sitemap.xml",
    why: "for crawlers: the pages this server serves, prerendered with the build's feature decision",
    readable: true,
  },
  {
    route: "/api/cron/[job]",
    served: undefined,
    why: "runs a scheduled job for the platform's cron (Bearer CRON_SECRET); for the operator, not a public endpoint",
  },
  { route: "/[...rest]", served: undefined, why: "the 404 of every other path, in the format asked for" },
] as const;

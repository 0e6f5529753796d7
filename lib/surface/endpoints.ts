import { httpMethods, type Endpoint } from "@/lib/core/endpoint";
import { capabilities, UNLISTED_ROUTES } from "./registry";
import { selfDescribing } from "./self-describing";
import { guideOf, type Guide } from "./developer-guide";
import { toolsOf, type ToolDescription } from "./mcp/tools";
import { featureOn } from "@/lib/features";

/**
 * The full list: the capabilities of ./registry.ts and the endpoints that describe them,
 * assembled here and only here. Nothing the list is made of imports this module, so the
 * describing endpoints see the list without an import loop.
 */
const describers = selfDescribing(() => ALL, offered);

export const {
  openapi,
  apiCatalogEndpoint,
  developerGuideMarkdown,
  mcpServerCard,
  mcpServerCardWellKnown,
  aiCatalog,
  agentSkillsIndex,
  siteApiSkill,
} = describers;

const ALL: readonly Endpoint[] = Object.freeze([...capabilities, ...Object.values(describers)]);

/** Every endpoint: what the route files, /openapi.json, MCP, the served paths and the contract battery read. */
export function endpoints(): readonly Endpoint[] {
  return ALL;
}

/** The MCP tools of every endpoint that is one, whatever the features (the schema tests read them all). */
export function allTools(): ToolDescription[] {
  return toolsOf(ALL);
}

/**
 * Whether this process does what `e` documents: an endpoint of a feature that is off
 * (lib/features) answers its `off` instead. The one decision every description of the API
 * reads: tools/list, the server cards, the agent skill, /openapi.json (`x-feature`,
 * `x-mcp-tool`), the developer guide and the 404's suggestions.
 */
export function offered(e: Endpoint): boolean {
  return !e.feature || featureOn(e.feature.name);
}

/** The MCP tools this process offers: those of features that are off are not listed. */
export function tools(): ToolDescription[] {
  return allTools().filter((t) => offered(t.endpoint));
}

/** The developer guide over every endpoint, saying which are off on this server (or by `decide`: the build's index, all on). */
export function buildGuide(base: string, decide: (e: Endpoint) => boolean = offered): Guide {
  return guideOf(ALL, base, decide);
}

/**
 * Paths of the API and machine files that a GET reads (pages come from the build), for 404
 * suggestions: not /mcp, which answers GET with a 405.
 */
export function readableApiPaths(): string[] {
  const listed = ALL.flatMap((e) => (e.http && httpMethods(e).includes("GET") ? [e.http.path] : []));
  const unlisted = UNLISTED_ROUTES.flatMap((r) => ("readable" in r && r.readable ? [r.served] : []));
  return [...listed, ...unlisted];
}

/** readableApiPaths() less those of features that are off: what a 404 may suggest. */
export function offeredApiPaths(): string[] {
  const off = new Set(ALL.flatMap((e) => (e.http && !offered(e) ? [e.http.path] : [])));
  return readableApiPaths().filter((p) => !off.has(p));
}

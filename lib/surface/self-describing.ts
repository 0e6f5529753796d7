import type { Endpoint } from "@/lib/core/endpoint";
import { agentSkillEndpoints } from "./agent-skills";
import { apiCatalogEndpoint } from "./api-catalog";
import { developerGuideEndpoint } from "./developer-guide-endpoint";
import { aiCatalog, mcpServerCard, mcpServerCardWellKnownEndpoint } from "./mcp/cards";
import { toolsOf } from "./mcp/tools";
import { openApiEndpoint } from "./openapi-endpoint";

/**
 * The endpoints that describe the API: /openapi.json, the API catalog, the developer guide's
 * Markdown, the MCP server cards, the AI catalog and the agent skills. They describe every
 * endpoint, themselves included, so they take the full list as a function read at request
 * time rather than importing a module that would import them back.
 */
export function selfDescribing(all: () => readonly Endpoint[]) {
  const tools = () => toolsOf(all());
  return {
    openapi: openApiEndpoint(all),
    apiCatalogEndpoint,
    developerGuideMarkdown: developerGuideEndpoint(all),
    mcpServerCard,
    mcpServerCardWellKnown: mcpServerCardWellKnownEndpoint(tools),
    aiCatalog,
    ...agentSkillEndpoints(tools),
  } satisfies Record<string, Endpoint>;
}

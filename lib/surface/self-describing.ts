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
 * time rather than importing a module that would import them back, and `offered`, the
 * decision of which endpoints do what they document in this process (lib/features).
 */
export function selfDescribing(all: () => readonly Endpoint[], offered: (e: Endpoint) => boolean) {
  // The tools this process offers (tools/list's): the cards and the skill list no other.
  const tools = () => toolsOf(all()).filter((t) => offered(t.endpoint));
  return {
    openapi: openApiEndpoint(all, offered),
    apiCatalogEndpoint,
    developerGuideMarkdown: developerGuideEndpoint(all, offered),
    mcpServerCard,
    mcpServerCardWellKnown: mcpServerCardWellKnownEndpoint(tools),
    aiCatalog,
    ...agentSkillEndpoints(tools),
  } satisfies Record<string, Endpoint>;
}

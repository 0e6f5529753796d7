/**
 * Machine surfaces that exist on this deployment. The guide, the API catalog and the
 * home page only point at what is really served; the issue that builds a surface
 * (MCP server, llms.txt) switches it on here together with its route.
 */
export const surfaces = {
  mcp: false,
  llmsTxt: true,
} as const;

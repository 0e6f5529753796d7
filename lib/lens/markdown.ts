/** The /lens and /lens/compare twins: what the tools do and where their APIs are (the results are per request). */
export function lensMarkdown(base: string): string {
  return [
    "# Lens",
    "",
    "How a machine sees a public page: fetched by this site's crawler (requests signed per Web Bot Auth; keys at " +
      `${base}/.well-known/http-message-signatures-directory), then re-read as each major AI crawler, with the site's robots.txt verdicts, terms tier, agent doors and an agent-readiness score with next actions.`,
    "",
    `- Inspect: ${base}/lens/fetch?url=<url> (JSON; 30 a minute), or the MCP tool inspectUrl at ${base}/mcp`,
    `- Compare two pages: ${base}/lens/compare.json?left=<url>&right=<url> (4 a minute)`,
    `- Weekly census of 16 sites: ${base}/lens/census.json`,
    "",
  ].join("\n");
}

export function compareMarkdown(base: string): string {
  return `# Compare two pages\n\nTwo public pages inspected at once and set side by side: status, content, readiness, terms tier and agent doors.\n\nAPI: ${base}/lens/compare.json?left=<url>&right=<url> (4 comparisons a minute per caller).\n`;
}

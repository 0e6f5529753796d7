import { siteConfig } from "@/site.config";
import { COLLECTIONS, COLLECTION_NAMES } from "./collections";
import { BASE_TOKEN as B } from "./base-token";
import type { Doc } from "./types";

/** /llms.txt in the llmstxt.org format: H1 name, blockquote summary, sections of links to the twins. */
export function llmsTxt(docs: Doc[], o: { resume: boolean } = { resume: true }): string {
  const out = [
    `# ${siteConfig.name}`,
    "",
    `> ${siteConfig.description}`,
    "",
    "Every page below is a Markdown twin of the HTML page at the same path without `.md`; any page also answers `Accept: text/markdown`. " +
      "The site is a keyless, read-only JSON API as well.",
    "",
  ];
  for (const c of COLLECTION_NAMES) {
    const list = docs.filter((d) => d.collection === c);
    if (!list.length) continue;
    out.push(`## ${COLLECTIONS[c].label}`, "");
    for (const d of list) out.push(`- [${d.title}](${B}${d.url}.md): ${d.description}`);
    out.push("");
  }
  out.push(
    "## API",
    "",
    `- [Developer guide](${B}/developers.md): every endpoint with parameters, limits, errors and a curl example`,
    `- [OpenAPI description](${B}/openapi.json): OpenAPI 3.1, the machine-readable contract`,
    `- [API catalog](${B}/.well-known/api-catalog): RFC 9727 linkset`,
    // The card, not /mcp itself: /mcp answers only POST, so a checker that GETs every link would report it.
    `- [MCP server card](${B}/mcp/server-card): the same capabilities as MCP tools, over streamable HTTP (POST to \`/mcp\`)`,
    ...(o.resume ? [`- [Resume](${B}/resume.md): also as JSON Resume at ${B}/resume.json`] : []),
    "",
    "## Optional",
    "",
    `- [Everything in one file](${B}/llms-full.txt): every twin above, inlined`,
    "",
  );
  return out.join("\n");
}

/** /llms-full.txt: every twin inlined in the llms.txt order, each with its source URL. */
export function llmsFullTxt(docs: Doc[], twins: Record<string, string>): string {
  const head = `# ${siteConfig.name} — full text\n\n> ${siteConfig.description}\n\nEvery page of the site as Markdown, in the order of ${B}/llms.txt. Each section starts with its source URL.\n`;
  const parts = docs.map((d) => `Source: ${B}${d.url}\n\n${twins[d.url].trim()}\n`);
  return [head, ...parts].join("\n---\n\n");
}

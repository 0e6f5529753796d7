import { createHash } from "node:crypto";
import { z } from "zod";
import { defineEndpoint, type Endpoint } from "@/lib/core/endpoint";
import { named } from "@/lib/core/schemas";
import { MARKDOWN, textBinding } from "@/lib/core/text";
import { siteConfig } from "@/site.config";
import type { ToolDescription } from "./mcp/tools";

/**
 * Agent Skills Discovery (0.2.0): an index at /.well-known/agent-skills/index.json listing
 * one skill, "site-api", whose SKILL.md tells an agent how to use this site: the MCP server,
 * the HTTP API and its budgets. The tool list comes from the registry, like the MCP server's.
 */
const SKILL_PATH = "/.well-known/agent-skills/site-api/SKILL.md";
const CACHE = { maxAge: 3600 } as const;
const SKILL_DESCRIPTION = `Use ${siteConfig.name}'s public, keyless site API: search and ask over the pages, query the photo archive, read the resume, and inspect how machines see a URL (lens).`;

export function skillMarkdown(base: string, tools: readonly ToolDescription[]): string {
  const lines = [
    "---",
    "name: site-api",
    `description: ${SKILL_DESCRIPTION}`,
    "---",
    "",
    `# Using ${siteConfig.name}'s site API`,
    "",
    `Everything is read-only and keyless. Prefer the MCP server at ${base}/mcp (streamable HTTP); the same capabilities are plain HTTP GETs described in ${base}/openapi.json, and a guide is at ${base}/developers.`,
    "",
    "- Every response is JSON (or Markdown where asked); errors are `{ ok: false, error, code, hint }`.",
    "- Budgets are per caller and announced in `RateLimit-Policy` / `RateLimit` headers; on 429 wait `Retry-After` seconds (an MCP tool result gives the same number as `retryAfter`).",
    `- Pages have Markdown twins: append \`.md\` or send \`Accept: text/markdown\`. ${base}/llms.txt lists them.`,
    "",
    "## Tools",
    "",
    ...tools.map((t) => `- \`${t.name}\`: ${t.title}.`),
    "",
  ];
  return lines.join("\n");
}

const sha256 = (s: string) => `sha256:${createHash("sha256").update(s).digest("hex")}`;

const AgentSkillsSchema = named(
  "AgentSkillsIndex",
  z.object({
    $schema: z.literal("https://schemas.agentskills.io/discovery/0.2.0/schema.json"),
    skills: z.array(
      z.object({
        name: z.string(),
        type: z.literal("skill-md"),
        description: z.string(),
        url: z.url(),
        digest: z.string().regex(/^sha256:[0-9a-f]{64}$/),
      }),
    ),
  }),
  "Agent Skills Discovery index: the skills an agent can load for this site.",
);

/** The index and its one skill; the skill lists the tools, which come from the full endpoint list. */
export function agentSkillEndpoints(tools: () => readonly ToolDescription[]): { agentSkillsIndex: Endpoint; siteApiSkill: Endpoint } {
  const agentSkillsIndex = defineEndpoint({
    name: "getAgentSkills",
    summary: "Agent skills index",
    description:
      "The skills an agent can load for this site (Agent Skills Discovery 0.2.0), each with its SKILL.md URL and SHA-256 digest.",
    tag: "meta",
    policy: "read",
    output: AgentSkillsSchema,
    outputDescription: "The index.",
    run: (_input, { base }) => ({
      $schema: "https://schemas.agentskills.io/discovery/0.2.0/schema.json" as const,
      skills: [
        {
          name: "site-api",
          type: "skill-md" as const,
          description: SKILL_DESCRIPTION,
          url: `${base}${SKILL_PATH}`,
          digest: sha256(skillMarkdown(base, tools())),
        },
      ],
    }),
    http: { path: "/.well-known/agent-skills/index.json", cache: CACHE, etag: true },
    mcp: false,
  });

  const siteApiSkill = defineEndpoint({
    name: "getSiteApiSkill",
    summary: "The site-api skill (SKILL.md)",
    description: "How an agent uses this site's MCP server and HTTP API, as an agent skill.",
    tag: "meta",
    policy: "read",
    output: z.string(),
    outputDescription: "The SKILL.md.",
    run: (_input, { base }) => skillMarkdown(base, tools()),
    http: textBinding(SKILL_PATH, MARKDOWN, CACHE, { etag: true }),
    mcp: false,
  });
  return { agentSkillsIndex, siteApiSkill };
}

import type { Agent } from "./agent";
import type { BotView } from "./bot-views";
import type { Terms } from "./terms";

export type CheckStatus = "pass" | "fail" | "unknown" | "neutral";

export interface ReadinessInput {
  page: { status: number; headers: Record<string, string>; wordCount: number; binary: boolean };
  found: {
    robots: CheckStatus;
    sitemap: CheckStatus;
    llmsTxt: CheckStatus;
    dnsAid: CheckStatus;
    webBotAuth: CheckStatus;
    oauthDiscovery: CheckStatus;
    oauthProtectedResource: CheckStatus;
    authMd: CheckStatus;
    mcpServerCard: CheckStatus;
    agentSkills: CheckStatus;
    ucp: CheckStatus;
    acp: CheckStatus;
    ap2: CheckStatus;
  };
  twin: boolean;
  terms: Terms;
  agent: Agent;
  botViews: BotView[];
  /** Why authorization checks do not apply (the target's OpenAPI declares every operation keyless), else null. */
  keyless: string | null;
  /** Checks the target declares do not apply to it (`x-agent-readiness.notApplicable` in its OpenAPI), with its reasons. */
  declared: Record<string, string>;
  /** The target is an IP address: it has no DNS name to publish DNS-AID under. */
  ipHost: boolean;
}

export interface Verdict {
  status: CheckStatus;
  detail: string;
  notApplicable?: true;
}

/** One row of the score: pass and fail count one each, neutral and unknown nothing (Cloudflare's scoring). */
export interface CheckRow {
  /** Cloudflare isitagentready's check ID, so a lens check reads side by side with `mode=edge`. */
  key: string;
  category: (typeof CATEGORIES)[number][0];
  label: string;
  /** Shown as optional: a site can be ready without it. */
  optional?: true;
  judge: (i: ReadinessInput) => Verdict;
}

export const CATEGORIES = [
  ["discoverability", "Discoverability"],
  ["content", "Content for machines"],
  ["botAccess", "Bot access and terms"],
  ["discovery", "Agent doors"],
  ["commerce", "Commerce"],
] as const;

const AGENT_RELS = /rel="?[^";]*\b(api-catalog|service-desc|service-doc|describedby|alternate|llms-txt|sitemap|mcp)\b/i;

const door = (d: { present: boolean; unknown?: boolean }): CheckStatus => (d.present ? "pass" : d.unknown ? "unknown" : "fail");

/** Authorization discovery only matters to a site with an API that needs a key. */
function authRow(key: "oauthDiscovery" | "oauthProtectedResource" | "authMd", label: string): CheckRow {
  return {
    key,
    category: "discovery",
    label,
    judge: (i) => {
      const status = i.found[key];
      if (i.keyless) return { status: "neutral", detail: i.keyless, notApplicable: true };
      const hasApi = i.agent.openapi.present || i.agent.apiCatalog.present || i.agent.mcp.verdict === "yes";
      if (!hasApi && status !== "pass") return { status: "neutral", detail: "no API that needs authorization was found" };
      return { status, detail: status === "pass" ? "published" : "not published" };
    },
  };
}

/** A blog is not "less ready" for lacking a checkout: commerce counts only for a site that shows it sells. */
function commerceRow(key: string, label: string, status: (i: ReadinessInput) => CheckStatus): CheckRow {
  return {
    key,
    category: "commerce",
    label,
    optional: true,
    judge: (i) => {
      const sells = i.terms.paid.http402 || [i.found.ucp, i.found.acp, i.found.ap2].includes("pass");
      if (!sells) return { status: "neutral", detail: "no sign the site sells to agents" };
      const s = status(i);
      return { status: s, detail: s === "pass" ? "declared" : "not declared" };
    },
  };
}

/** Every check, in the order the report lists them. */
export const CHECKS: readonly CheckRow[] = [
  {
    key: "robotsTxt",
    category: "discoverability",
    label: "robots.txt",
    judge: ({ found: { robots } }) => ({ status: robots, detail: robots === "pass" ? "robots.txt is published" : "no robots.txt" }),
  },
  {
    key: "sitemap",
    category: "discoverability",
    label: "Sitemap",
    judge: ({ found: { sitemap } }) => ({
      status: sitemap,
      detail: sitemap === "pass" ? "a sitemap is published" : "no sitemap at /sitemap.xml or in robots.txt",
    }),
  },
  {
    key: "linkHeaders",
    category: "discoverability",
    label: "Link headers",
    judge: ({ page }) => {
      const link = page.headers.link ?? "";
      return {
        status: AGENT_RELS.test(link) ? "pass" : "fail",
        detail: link ? `Link: ${link.slice(0, 200)}` : "the page sends no Link header pointing machines anywhere",
      };
    },
  },
  {
    key: "dnsAid",
    category: "discoverability",
    label: "DNS-AID records",
    optional: true,
    judge: ({ found: { dnsAid } }) => ({
      status: dnsAid,
      detail:
        dnsAid === "pass" ? "_index._agents has SVCB records" : dnsAid === "unknown" ? "DNS could not be asked" : "no DNS-AID records",
    }),
  },
  {
    key: "markdownNegotiation",
    category: "content",
    label: "Markdown for agents",
    judge: ({ agent: { mdNegotiation: md } }) => ({
      status: md.supported ? "pass" : md.error ? "unknown" : "fail",
      detail: md.note ?? "",
    }),
  },
  {
    key: "llmsTxt",
    category: "content",
    label: "llms.txt",
    judge: ({ found: { llmsTxt } }) => ({ status: llmsTxt, detail: llmsTxt === "pass" ? "llms.txt is published" : "no llms.txt" }),
  },
  {
    key: "robotsTxtAiRules",
    category: "botAccess",
    label: "robots.txt rules for AI crawlers",
    judge: ({ terms }) => {
      const named = terms.scoreboard.some((s) => s.kind !== "search-engine" && s.note.startsWith("a group names"));
      return {
        status: terms.robotsUnknown ? "unknown" : named ? "pass" : "fail",
        detail: named ? "robots.txt names AI crawlers" : "robots.txt says nothing to AI crawlers by name",
      };
    },
  },
  {
    key: "contentSignals",
    category: "botAccess",
    label: "Content signals",
    judge: ({ terms: { signals } }) =>
      signals.length > 0
        ? {
            status: "pass",
            detail: signals
              .map((s) => s.raw)
              .join("; ")
              .slice(0, 200),
          }
        : { status: "fail", detail: "no Content-Signal or Content-Usage preferences" },
  },
  {
    key: "webBotAuth",
    category: "botAccess",
    label: "Web Bot Auth key directory",
    optional: true,
    judge: ({ found: { webBotAuth } }) =>
      webBotAuth === "pass"
        ? { status: "pass", detail: "publishes a key directory for its own bots" }
        : { status: "neutral", detail: "no key directory (only sites that run their own bots need one)" },
  },
  authRow("oauthDiscovery", "OAuth / OpenID discovery"),
  authRow("oauthProtectedResource", "OAuth protected resource metadata"),
  authRow("authMd", "auth.md"),
  {
    key: "apiCatalog",
    category: "discovery",
    label: "API catalog (RFC 9727)",
    judge: ({ agent: { apiCatalog } }) => ({ status: door(apiCatalog), detail: apiCatalog.detail ?? "" }),
  },
  {
    key: "mcpServerCard",
    category: "discovery",
    label: "MCP server card",
    judge: ({ found, agent }) => ({ status: found.mcpServerCard, detail: agent.mcp.detail }),
  },
  {
    key: "a2aAgentCard",
    category: "discovery",
    label: "A2A agent card",
    judge: ({ agent: { agentCard } }) => ({ status: door(agentCard), detail: agentCard.detail ?? "no /.well-known/agent-card.json" }),
  },
  {
    key: "agentSkills",
    category: "discovery",
    label: "Agent skills index",
    judge: ({ found: { agentSkills } }) => ({
      status: agentSkills,
      detail: agentSkills === "pass" ? "an agent skills index is published" : "no /.well-known/agent-skills/index.json",
    }),
  },
  {
    key: "webMcp",
    category: "discovery",
    label: "WebMCP tools",
    judge: ({ agent: { webmcp } }) =>
      webmcp.found
        ? { status: "pass", detail: `${webmcp.kind}: ${webmcp.marker}` }
        : { status: "fail", detail: "the page registers no WebMCP tools" },
  },
  commerceRow("x402", "HTTP 402 payment terms", ({ terms: { paid } }) =>
    paid.x402 !== null || Object.keys(paid.crawlerHeaders).length > 0 ? "pass" : "fail",
  ),
  commerceRow("ucp", "Universal Commerce Protocol", (i) => i.found.ucp),
  commerceRow("acp", "Agentic Commerce Protocol", (i) => i.found.acp),
  commerceRow("ap2", "Agent Payments Protocol", (i) => i.found.ap2),
];

/** What to do about a failed check, most basic first: the report offers the first five that failed. */
export const NEXT_ACTIONS: readonly (readonly [key: string, action: string])[] = [
  ["robotsTxt", "Publish a robots.txt"],
  ["sitemap", "Publish /sitemap.xml and declare it in robots.txt"],
  ["linkHeaders", 'Send Link headers (rel="api-catalog", rel="alternate" type="text/markdown") from the home page'],
  ["markdownNegotiation", "Answer Accept: text/markdown with a Markdown version of each page"],
  ["robotsTxtAiRules", "Name the AI crawlers you allow or refuse in robots.txt"],
  ["contentSignals", "Add a Content-Signal line (search, ai-input, ai-train) to robots.txt"],
  ["llmsTxt", "Publish /llms.txt with a summary and links to the pages that matter"],
  ["apiCatalog", "Publish /.well-known/api-catalog (RFC 9727) listing your APIs"],
  ["mcpServerCard", "Publish an MCP server card at /.well-known/mcp/server-card.json"],
  ["agentSkills", "Publish an agent skills index at /.well-known/agent-skills/index.json"],
  ["a2aAgentCard", "Publish an A2A agent card at /.well-known/agent-card.json"],
  ["webMcp", "Register WebMCP tools for the page's main actions"],
  ["dnsAid", "Publish DNS-AID SVCB records under _index._agents"],
];

const atLeastTwo = (passed: (key: string) => boolean, keys: string[]) => keys.filter(passed).length >= 2;

/**
 * Cloudflare's ladder without its intermediate rungs (lens's own 0/1/3/5): a rung is reached
 * when it and every rung below it hold; `advice` is how to climb onto it.
 */
export const RUNGS: readonly { level: 1 | 3 | 5; name: string; advice: string; holds: (passed: (key: string) => boolean) => boolean }[] = [
  {
    level: 1,
    name: "Basic Web Presence",
    advice: "Publish at least two of robots.txt, a sitemap and Link headers for Basic Web Presence.",
    holds: (passed) => atLeastTwo(passed, ["robotsTxt", "sitemap", "linkHeaders"]),
  },
  {
    level: 3,
    name: "Agent-Readable",
    advice: "Serve Markdown on Accept: text/markdown and state AI-crawler rules or content signals to become Agent-Readable.",
    holds: (passed) => passed("markdownNegotiation") && (passed("robotsTxtAiRules") || passed("contentSignals")),
  },
  {
    level: 5,
    name: "Agent-Native",
    advice: "Open at least two agent doors (MCP server card, A2A card, agent skills, API catalog, WebMCP) to become Agent-Native.",
    holds: (passed) => atLeastTwo(passed, ["mcpServerCard", "a2aAgentCard", "agentSkills", "apiCatalog", "webMcp"]),
  },
];

export const NOT_READY = "Not Ready";

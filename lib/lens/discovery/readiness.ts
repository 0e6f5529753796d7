import { aiCrawler } from "../crawlers";
import type { Agent } from "./agent";
import type { BotView } from "./bot-views";
import type { Terms } from "./terms";

export type CheckStatus = "pass" | "fail" | "unknown" | "neutral";
export interface ReadinessCheck {
  key: string;
  status: CheckStatus;
  category: string;
  label: string;
  detail: string;
  optional?: boolean;
  countInScore: boolean;
  notApplicable?: true;
}

/**
 * The agent-readiness score. Check keys are Cloudflare isitagentready's check IDs, so a
 * lens check reads side by side with `mode=edge`; the level is lens's own 0/1/3/5 on
 * Cloudflare's ladder (Basic Web Presence, Agent-Readable, Agent-Native), without the
 * intermediate rungs. Commerce, Web Bot Auth and authorization are neutral unless the
 * target shows it is in that business: a blog is not "less ready" for lacking a checkout.
 */
const CATEGORIES = [
  ["discoverability", "Discoverability"],
  ["content", "Content for machines"],
  ["botAccess", "Bot access and terms"],
  ["discovery", "Agent doors"],
  ["commerce", "Commerce"],
] as const;

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

const AGENT_RELS = /rel="?[^";]*\b(api-catalog|service-desc|service-doc|describedby|alternate|llms-txt|sitemap|mcp)\b/i;

export function readiness(i: ReadinessInput) {
  const checks: Record<string, ReadinessCheck> = {};
  const add = (key: string, category: string, label: string, status: CheckStatus, detail: string, extra: Partial<ReadinessCheck> = {}) => {
    checks[key] = { key, status, category, label, detail, countInScore: status === "pass" || status === "fail", ...extra };
  };
  const f = i.found;
  const linkHeader = i.page.headers.link ?? "";

  add("robotsTxt", "discoverability", "robots.txt", f.robots, f.robots === "pass" ? "robots.txt is published" : "no robots.txt");
  add(
    "sitemap",
    "discoverability",
    "Sitemap",
    f.sitemap,
    f.sitemap === "pass" ? "a sitemap is published" : "no sitemap at /sitemap.xml or in robots.txt",
  );
  add(
    "linkHeaders",
    "discoverability",
    "Link headers",
    AGENT_RELS.test(linkHeader) ? "pass" : "fail",
    linkHeader ? `Link: ${linkHeader.slice(0, 200)}` : "the page sends no Link header pointing machines anywhere",
  );
  add(
    "dnsAid",
    "discoverability",
    "DNS-AID records",
    f.dnsAid,
    f.dnsAid === "pass" ? "_index._agents has SVCB records" : f.dnsAid === "unknown" ? "DNS could not be asked" : "no DNS-AID records",
    { optional: true },
  );

  add(
    "markdownNegotiation",
    "content",
    "Markdown for agents",
    i.agent.mdNegotiation.supported ? "pass" : i.agent.mdNegotiation.error ? "unknown" : "fail",
    i.agent.mdNegotiation.note ?? "",
  );
  add("llmsTxt", "content", "llms.txt", f.llmsTxt, f.llmsTxt === "pass" ? "llms.txt is published" : "no llms.txt");

  const aiRules = i.terms.scoreboard.some((s) => s.kind !== "search-engine" && s.note.startsWith("a group names"));
  add(
    "robotsTxtAiRules",
    "botAccess",
    "robots.txt rules for AI crawlers",
    i.terms.robotsUnknown ? "unknown" : aiRules ? "pass" : "fail",
    aiRules ? "robots.txt names AI crawlers" : "robots.txt says nothing to AI crawlers by name",
  );
  const signals = i.terms.signals.length > 0;
  add(
    "contentSignals",
    "botAccess",
    "Content signals",
    signals ? "pass" : "fail",
    signals
      ? i.terms.signals
          .map((s) => s.raw)
          .join("; ")
          .slice(0, 200)
      : "no Content-Signal or Content-Usage preferences",
  );
  add(
    "webBotAuth",
    "botAccess",
    "Web Bot Auth key directory",
    f.webBotAuth === "pass" ? "pass" : "neutral",
    f.webBotAuth === "pass"
      ? "publishes a key directory for its own bots"
      : "no key directory (only sites that run their own bots need one)",
    { optional: true },
  );

  const hasApi = i.agent.openapi.present || i.agent.apiCatalog.present || i.agent.mcp.verdict === "yes";
  const authApplies = hasApi && !i.keyless;
  for (const [key, label, status] of [
    ["oauthDiscovery", "OAuth / OpenID discovery", f.oauthDiscovery],
    ["oauthProtectedResource", "OAuth protected resource metadata", f.oauthProtectedResource],
    ["authMd", "auth.md", f.authMd],
  ] as const) {
    if (i.keyless) add(key, "discovery", label, "neutral", i.keyless, { notApplicable: true });
    else if (!authApplies && status !== "pass") add(key, "discovery", label, "neutral", "no API that needs authorization was found");
    else add(key, "discovery", label, status, status === "pass" ? "published" : "not published");
  }
  add(
    "apiCatalog",
    "discovery",
    "API catalog (RFC 9727)",
    i.agent.apiCatalog.present ? "pass" : i.agent.apiCatalog.unknown ? "unknown" : "fail",
    i.agent.apiCatalog.detail ?? "",
  );
  add("mcpServerCard", "discovery", "MCP server card", f.mcpServerCard, i.agent.mcp.detail);
  add(
    "a2aAgentCard",
    "discovery",
    "A2A agent card",
    i.agent.agentCard.present ? "pass" : i.agent.agentCard.unknown ? "unknown" : "fail",
    i.agent.agentCard.detail ?? "no /.well-known/agent-card.json",
  );
  add(
    "agentSkills",
    "discovery",
    "Agent skills index",
    f.agentSkills,
    f.agentSkills === "pass" ? "an agent skills index is published" : "no /.well-known/agent-skills/index.json",
  );
  add(
    "webMcp",
    "discovery",
    "WebMCP tools",
    i.agent.webmcp.found ? "pass" : "fail",
    i.agent.webmcp.found ? `${i.agent.webmcp.kind}: ${i.agent.webmcp.marker}` : "the page registers no WebMCP tools",
  );

  const commerce = i.terms.paid.http402 || [f.ucp, f.acp, f.ap2].includes("pass");
  const x402 = i.terms.paid.x402 !== null || Object.keys(i.terms.paid.crawlerHeaders).length > 0;
  for (const [key, label, status] of [
    ["x402", "HTTP 402 payment terms", x402 ? "pass" : "fail"],
    ["ucp", "Universal Commerce Protocol", f.ucp],
    ["acp", "Agentic Commerce Protocol", f.acp],
    ["ap2", "Agent Payments Protocol", f.ap2],
  ] as const) {
    add(
      key,
      "commerce",
      label,
      commerce ? status : "neutral",
      commerce ? (status === "pass" ? "declared" : "not declared") : "no sign the site sells to agents",
      { optional: true },
    );
  }

  // What the target declares not to apply, and what cannot apply to an address, is set aside rather than failed.
  const setAside = {
    ...(i.ipHost ? { dnsAid: "The target is an IP address: there is no DNS name to publish DNS-AID records under." } : {}),
    ...i.declared,
  };
  for (const [key, reason] of Object.entries(setAside)) {
    const c = checks[key];
    if (c && c.status !== "pass") Object.assign(c, { status: "neutral", detail: reason, countInScore: false, notApplicable: true });
  }

  const list = Object.values(checks);
  const counted = list.filter((c) => c.countInScore).length;
  const passed = list.filter((c) => c.countInScore && c.status === "pass").length;
  const categories = CATEGORIES.map(([key, label]) => {
    const mine = list.filter((c) => c.category === key);
    const scored = mine.filter((c) => c.countInScore);
    const ok = scored.filter((c) => c.status === "pass").length;
    return {
      key,
      label,
      score: scored.length ? Math.round((100 * ok) / scored.length) : 0,
      passed: ok,
      total: mine.length,
      checkCount: scored.length,
      countInScore: scored.length > 0,
    };
  });

  const pass = (k: string) => checks[k]?.status === "pass";
  const l1 = ["robotsTxt", "sitemap", "linkHeaders"].filter(pass).length >= 2;
  const l3 = l1 && pass("markdownNegotiation") && (pass("robotsTxtAiRules") || pass("contentSignals"));
  const doors = ["mcpServerCard", "a2aAgentCard", "agentSkills", "apiCatalog", "webMcp"].filter(pass).length;
  const l5 = l3 && doors >= 2;
  const level: 0 | 1 | 3 | 5 = l5 ? 5 : l3 ? 3 : l1 ? 1 : 0;
  const LEVELS: Record<number, [string, string | null]> = {
    0: ["Not Ready", "Publish at least two of robots.txt, a sitemap and Link headers for Basic Web Presence."],
    1: [
      "Basic Web Presence",
      "Serve Markdown on Accept: text/markdown and state AI-crawler rules or content signals to become Agent-Readable.",
    ],
    3: [
      "Agent-Readable",
      "Open at least two agent doors (MCP server card, A2A card, agent skills, API catalog, WebMCP) to become Agent-Native.",
    ],
    5: ["Agent-Native", null],
  };
  const LADDER = [
    "robotsTxt",
    "sitemap",
    "linkHeaders",
    "markdownNegotiation",
    "robotsTxtAiRules",
    "contentSignals",
    "llmsTxt",
    "apiCatalog",
    "mcpServerCard",
    "agentSkills",
    "a2aAgentCard",
    "webMcp",
    "dnsAid",
  ];
  const ACTION: Record<string, string> = {
    robotsTxt: "Publish a robots.txt",
    sitemap: "Publish /sitemap.xml and declare it in robots.txt",
    linkHeaders: 'Send Link headers (rel="api-catalog", rel="alternate" type="text/markdown") from the home page',
    markdownNegotiation: "Answer Accept: text/markdown with a Markdown version of each page",
    robotsTxtAiRules: "Name the AI crawlers you allow or refuse in robots.txt",
    contentSignals: "Add a Content-Signal line (search, ai-input, ai-train) to robots.txt",
    llmsTxt: "Publish /llms.txt with a summary and links to the pages that matter",
    apiCatalog: "Publish /.well-known/api-catalog (RFC 9727) listing your APIs",
    mcpServerCard: "Publish an MCP server card at /.well-known/mcp/server-card.json",
    agentSkills: "Publish an agent skills index at /.well-known/agent-skills/index.json",
    a2aAgentCard: "Publish an A2A agent card at /.well-known/agent-card.json",
    webMcp: "Register WebMCP tools for the page's main actions",
    dnsAid: "Publish DNS-AID SVCB records under _index._agents",
  };
  const nextActions = LADDER.filter((k) => checks[k]?.status === "fail")
    .slice(0, 5)
    .map((key) => ({ key, label: ACTION[key] }));

  const aiViews = i.botViews.filter((v) => v.role !== "control" && aiCrawler(v.label) !== undefined);
  const identified = i.page.status >= 200 && i.page.status < 300;
  const components = [
    {
      key: "identifiedFetch" as const,
      label: "The site's identified crawler gets the page",
      score: identified ? 100 : 0,
      detail: `status ${i.page.status}`,
    },
    {
      key: "sampledBots" as const,
      label: "AI crawlers sampled get the page",
      score: aiViews.length ? Math.round((100 * aiViews.filter((v) => !v.blocked && v.status !== null).length) / aiViews.length) : null,
      detail: aiViews.length
        ? `${aiViews.filter((v) => !v.blocked && v.status !== null).length} of ${aiViews.length}`
        : "bot views did not run",
    },
    {
      key: "usableBody" as const,
      label: "The body has text to read",
      score: i.page.binary ? 0 : i.page.wordCount >= 50 ? 100 : i.page.wordCount > 0 ? 50 : 0,
      detail: `${i.page.wordCount} words`,
    },
    {
      key: "agentDoor" as const,
      label: "An agent has a door of its own",
      score: i.agent.strategy.verdict === "agent-native" ? 100 : i.agent.strategy.verdict === "agent-readable" ? 50 : 0,
      detail: i.agent.strategy.verdict,
    },
  ];
  const scored = components.filter((c) => c.score !== null).map((c) => c.score as number);
  return {
    overall: counted ? Math.round((100 * passed) / counted) : 0,
    level,
    levelName: LEVELS[level][0],
    levelNote: LEVELS[level][1],
    categories,
    checks,
    counted,
    passed,
    keyless: i.keyless,
    scoringNote:
      "overall = passed / (passed + failed) × 100; neutral and unknown checks are not counted. Check keys follow Cloudflare's isitagentready.",
    nextActions,
    botViews: i.botViews,
    field: {
      overall: scored.length ? Math.round(scored.reduce((a, b) => a + b, 0) / scored.length) : null,
      scoringNote: "What a crawler actually got: the mean of the components that could be measured.",
      components,
    },
  };
}

/** `x-agent-readiness.notApplicable` of an OpenAPI document: check key → the target's reason (bounded). */
export function declaredNotApplicable(doc: Record<string, unknown> | undefined): Record<string, string> {
  const ext = doc?.["x-agent-readiness"] as { notApplicable?: unknown } | undefined;
  const na = ext?.notApplicable;
  if (!na || typeof na !== "object" || Array.isArray(na)) return {};
  return Object.fromEntries(
    Object.entries(na as Record<string, unknown>)
      .filter((e): e is [string, string] => typeof e[1] === "string" && /^[A-Za-z0-9]{1,40}$/.test(e[0]))
      .slice(0, 40)
      .map(([k, v]) => [k, `Declared by the target: ${v.slice(0, 300)}`]),
  );
}

/** Whether an OpenAPI document declares every operation keyless: no top-level requirement, and none on any operation (or an explicit `security: []`). */
export function keylessReason(doc: Record<string, unknown> | undefined): string | null {
  if (!doc || typeof doc.paths !== "object" || doc.paths === null) return null;
  const required = (s: unknown) => Array.isArray(s) && s.some((r) => r && typeof r === "object" && Object.keys(r).length > 0);
  const ops = Object.values(doc.paths as Record<string, Record<string, unknown>>).flatMap((item) =>
    ["get", "put", "post", "delete", "patch", "head", "options"]
      .map((m) => item?.[m])
      .filter((o): o is Record<string, unknown> => typeof o === "object" && o !== null),
  );
  if (ops.length === 0) return null;
  const topLevel = required(doc.security);
  const keyless = ops.every((o) => (o.security === undefined ? !topLevel : !required(o.security)));
  return keyless
    ? `The target's OpenAPI description declares all ${ops.length} operations keyless, so authorization discovery does not apply.`
    : null;
}

import type { Agent } from "./agent";
import type { BotView } from "./bot-views";
import type { CheckStatus, ReadinessInput } from "./readiness";
import type { Terms } from "./terms";

/**
 * Varied observations for readiness-pinned.test.ts: each one reaches different branches
 * (levels 0/1/3/5, keyless and declared set-asides, commerce, an IP host, unknowns), so the
 * pinned outputs hold every check's verdict and message in place.
 */
type Found = ReadinessInput["found"];
const found = (status: CheckStatus, over: Partial<Found> = {}): Found => ({
  robots: status,
  sitemap: status,
  llmsTxt: status,
  dnsAid: status,
  webBotAuth: status,
  oauthDiscovery: status,
  oauthProtectedResource: status,
  authMd: status,
  mcpServerCard: status,
  agentSkills: status,
  ucp: status,
  acp: status,
  ap2: status,
  ...over,
});

const absent = { present: false, status: 404, unknown: false };
const agent = (over: Partial<Agent> = {}): Agent => ({
  mcp: { verdict: "no", detail: "no MCP server card" },
  nlweb: { verdict: "no", detail: "no /ask" },
  webmcp: { found: false },
  agentCard: absent,
  openapi: absent,
  aiPlugin: absent,
  apiCatalog: absent,
  mdNegotiation: { supported: false, note: "answered text/html to Accept: text/markdown" },
  llmsTxt: { present: false, unknown: false },
  strategy: { verdict: "human-only", note: "", action: [], readable: [], unknowns: [] },
  ...over,
});

const row = (ua: string, kind: string, note: string): Terms["scoreboard"][number] => ({
  ua,
  owner: "someone",
  kind,
  note,
  verdict: "allow",
  matchedUa: null,
  rule: null,
});
const terms = (over: Partial<Terms> = {}): Terms => ({
  path: "/",
  robotsPresent: true,
  robotsUnknown: false,
  robotsError: null,
  scoreboard: [row("GPTBot", "ai", "the * group applies"), row("Googlebot", "search-engine", "a group names this crawler")],
  signals: [],
  paid: { http402: false, crawlerHeaders: {}, x402: null },
  enforcement: { status: "none", challenged: [], blocked: [] },
  directives: { metaRobots: null, xRobotsTag: null, noai: false },
  tdmrep: { present: false },
  spectrum: { tier: "open", reasons: [] },
  ...over,
});

const view = (label: string, role: BotView["role"], status: number | null, blocked = false): BotView => ({
  key: label.toLowerCase(),
  label,
  status,
  blocked,
  challenge: false,
  role,
  owner: "someone",
  userAgent: `${label}/1.0`,
  contentType: "text/html",
  sampleBytes: 100,
  redirected: false,
});

const page = (status: number, wordCount: number, headers: Record<string, string> = {}, binary = false) => ({
  status,
  headers,
  wordCount,
  binary,
});

export const OBSERVATIONS: Record<string, ReadinessInput> = {
  bare: {
    page: page(200, 0),
    found: found("fail"),
    twin: false,
    terms: terms(),
    agent: agent(),
    botViews: [],
    keyless: null,
    declared: {},
    ipHost: false,
  },
  agentNative: {
    page: page(200, 640, { link: '</.well-known/api-catalog>; rel="api-catalog", </index.md>; rel="alternate"; type="text/markdown"' }),
    found: found("pass", { ucp: "fail", acp: "fail", ap2: "fail", oauthDiscovery: "fail" }),
    twin: true,
    terms: terms({
      scoreboard: [row("GPTBot", "ai", "a group names this crawler"), row("Googlebot", "search-engine", "the * group applies")],
      signals: [{ agents: ["*"], raw: "Content-Signal: search=yes, ai-input=yes, ai-train=no", parsed: { search: "yes" } }],
    }),
    agent: agent({
      mcp: { verdict: "yes", detail: "server card at /.well-known/mcp/server-card.json" },
      webmcp: { found: true, kind: "inline", marker: "navigator.modelContext" },
      agentCard: { present: true, status: 200, unknown: false, detail: "https://a.example/.well-known/agent-card.json" },
      openapi: { present: true, status: 200, unknown: false },
      apiCatalog: { present: true, status: 200, unknown: false, detail: "https://a.example/.well-known/api-catalog" },
      mdNegotiation: { supported: true, contentType: "text/markdown", status: 200, note: "answered text/markdown" },
      strategy: { verdict: "agent-native", note: "", action: [], readable: [], unknowns: [] },
    }),
    botViews: [
      view("Browser", "control", 200),
      view("GPTBot", "train", 200),
      view("ClaudeBot", "train", 403, true),
      view("Perplexity-User", "answers", null),
      view("Googlebot", "search", 200),
    ],
    keyless: "The target's OpenAPI description declares all 3 operations keyless, so authorization discovery does not apply.",
    declared: { webMcp: "Declared by the target: no browser tools", sitemap: "Declared by the target: ignored when passing" },
    ipHost: false,
  },
  readableWithApi: {
    page: page(200, 49, { link: '</sitemap.xml>; rel="sitemap"' }),
    found: found("fail", { robots: "pass", sitemap: "pass", dnsAid: "unknown", oauthProtectedResource: "pass", llmsTxt: "pass" }),
    twin: false,
    terms: terms({
      signals: [
        { agents: ["*"], raw: "Content-Usage: train-ai=n", parsed: { "train-ai": "n" } },
        { agents: ["GPTBot"], raw: `Content-Signal: ${"ai-input=yes, ".repeat(20)}`, parsed: {} },
      ],
    }),
    agent: agent({
      openapi: { present: true, status: 200, unknown: false },
      mdNegotiation: { supported: true, note: "answered text/markdown" },
      apiCatalog: { present: false, status: null, unknown: true, detail: "timed out" },
      agentCard: { present: false, status: 503, unknown: true },
      strategy: { verdict: "agent-readable", note: "", action: [], readable: [], unknowns: [] },
    }),
    botViews: [view("Browser", "control", 200), view("Bingbot", "search", 200)],
    keyless: null,
    declared: {},
    ipHost: false,
  },
  sellingIpHost: {
    page: page(402, 12, { link: "<https://x.example/>; rel=preconnect" }, true),
    found: found("unknown", { robots: "pass", ucp: "pass", webBotAuth: "pass", authMd: "pass" }),
    twin: false,
    terms: terms({
      robotsUnknown: true,
      paid: { http402: true, crawlerHeaders: { "crawler-price": "USD 0.01" }, x402: null },
    }),
    agent: agent({ mdNegotiation: { supported: false, error: "connection reset" } }),
    botViews: [view("Browser", "control", 402), view("GPTBot", "train", 402), view("CCBot", "train", 402)],
    keyless: null,
    declared: { dnsAid: "Declared by the target: a private name", notACheck: "Declared by the target: unknown key" },
    ipHost: true,
  },
  readableLevelOne: {
    page: page(301, 2000),
    found: found("fail", { robots: "pass", sitemap: "pass", acp: "pass" }),
    twin: false,
    terms: terms({ paid: { http402: false, crawlerHeaders: {}, x402: "https://pay.example/x402" } }),
    agent: agent({ mcp: { verdict: "yes", detail: "an MCP endpoint answered initialize" } }),
    botViews: [view("Browser", "control", 200), view("GPTBot", "train", 200), view("OAI-SearchBot", "search", 200)],
    keyless: null,
    declared: {},
    ipHost: false,
  },
};

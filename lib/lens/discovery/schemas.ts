import { z } from "zod";
import { named } from "@/lib/core/schemas";
import { RelLinkSchema } from "../rel-link-schema";

/** The discovery pass's fields of LensObservation, as /openapi.json publishes them. */
const StringMap = z.record(z.string(), z.string());

export const ProbeSchema = named(
  "Probe",
  z.union([
    z.object({
      ok: z.literal(true),
      status: z.int(),
      url: z.string(),
      contentType: z.string(),
      headers: StringMap,
      body: z.string().meta({ description: "The body as text, up to 16,384 characters" }),
      truncated: z.boolean(),
    }),
    z.object({ ok: z.literal(false), status: z.int(), url: z.string(), headers: StringMap }),
    z.object({ ok: z.literal(false), error: z.string(), url: z.string() }),
  ]),
  "One well-known path on the target's origin: reached with a 2xx, answered with another status, or not fetched (and why).",
);

const SvcbSchema = z.object({
  priority: z.int(),
  target: z.string(),
  params: z.object({
    alpn: z.array(z.string()).optional(),
    noDefaultAlpn: z.boolean().optional(),
    port: z.int().optional(),
    ipv4hint: z.array(z.string()).optional(),
    ipv6hint: z.array(z.string()).optional(),
    ech: z.object({ bytes: z.int(), base64: z.string() }).optional(),
    other: z.array(z.object({ key: z.int(), bytes: z.int() })).optional(),
  }),
});

const DnsAidSchema = z.union([
  z.object({
    ok: z.literal(true),
    found: z.boolean(),
    names: z.array(z.string()),
    records: z.array(z.object({ name: z.string(), status: z.string(), dnssecValidated: z.boolean(), answers: z.array(SvcbSchema) })),
    dnssecValidated: z.boolean().optional(),
  }),
  z.object({ ok: z.literal(false), found: z.literal(false), names: z.array(z.string()), error: z.string() }),
]);

const AgentsMdSchema = z.object({
  ok: z.boolean(),
  present: z.boolean(),
  unknown: z.boolean().optional(),
  variant: z.string().optional(),
  status: z.int().optional(),
  body: z.string().optional(),
  truncated: z.boolean().optional(),
  note: z.string().optional(),
  error: z.string().optional(),
});

export const DiscoverySchema = z
  .object({
    origin: z.string(),
    feeds: z.array(RelLinkSchema).meta({ description: "Feeds the page links with rel=alternate" }),
    oauthDiscovery: z.object({ openidConfiguration: ProbeSchema, oauthAuthorizationServer: ProbeSchema }),
    commerce: z.object({
      ucp: ProbeSchema,
      acp: ProbeSchema,
      ap2: z
        .object({ declared: z.boolean(), detail: z.string() })
        .meta({ description: "AP2 is an extension declared on the A2A agent card, not a path" }),
    }),
    robotsTxt: ProbeSchema,
    sitemapXml: ProbeSchema,
    llmsTxt: ProbeSchema,
    llmsFullTxt: ProbeSchema,
    aiTxt: ProbeSchema,
    securityTxt: ProbeSchema,
    webBotAuth: ProbeSchema,
    oauthProtectedResource: ProbeSchema,
    authMd: ProbeSchema,
    mcpServerCard: ProbeSchema.meta({
      description: "/.well-known/mcp/server-card.json, or /.well-known/mcp.json when only that one answers",
    }),
    agentSkills: ProbeSchema,
    sitemapDeclared: ProbeSchema.nullable().meta({ description: "The first sitemap robots.txt declares; null when it declares none" }),
    dnsAid: DnsAidSchema,
    agentsMd: AgentsMdSchema,
  })
  .meta({ description: "Well-known paths on the target's origin" });

export const WireSchema = z.object({
  dictionary: z.object({
    observed: z
      .boolean()
      .meta({ description: "The page offers a compression dictionary (Use-As-Dictionary or rel=compression-dictionary)" }),
    offer: z.string().nullable(),
    negotiates: z.boolean().meta({ description: "The response is dictionary-compressed (dcb or dcz)" }),
    activeEncoding: z.string().nullable(),
  }),
  ech: z.object({
    observed: z.boolean(),
    recordPresent: z.boolean(),
    parsed: z.boolean(),
    dnssecValidated: z.boolean().nullable(),
    error: z.string().nullable(),
    alpn: z.array(z.string()).optional(),
    configBytes: z.int().optional(),
  }),
});

const Verdict = z.enum(["allow", "block", "unknown"]);
export const TermsSchema = z.object({
  path: z.string().meta({ description: "The path the verdicts are for" }),
  robotsPresent: z.boolean(),
  robotsUnknown: z.boolean().meta({ description: "robots.txt answered 5xx or could not be read (RFC 9309: assume a full disallow)" }),
  robotsError: z.string().nullable(),
  scoreboard: z.array(
    z.object({
      ua: z.string().meta({ description: "robots.txt product token" }),
      owner: z.string(),
      kind: z.string().meta({ description: "train, search, answers, or search-engine" }),
      note: z.string(),
      verdict: Verdict,
      matchedUa: z.string().nullable().meta({ description: "The User-agent line of the group that applied" }),
      rule: z.string().nullable().meta({ description: "The rule line that decided, null when none matched" }),
    }),
  ),
  signals: z.array(z.object({ agents: z.array(z.string()), raw: z.string(), parsed: StringMap })),
  paid: z.object({ http402: z.boolean(), crawlerHeaders: StringMap, x402: z.string().nullable() }),
  enforcement: z.object({
    status: z.enum(["none", "some", "all", "unknown"]),
    challenged: z.array(z.string()),
    blocked: z.array(z.string()),
  }),
  directives: z.object({ metaRobots: z.string().nullable(), xRobotsTag: z.string().nullable(), noai: z.boolean() }),
  tdmrep: z.object({
    present: z.boolean(),
    invalid: z.boolean().optional(),
    body: z.string().optional(),
    rules: z.int().optional(),
    reserved: z.boolean().nullable().optional(),
    location: z.string().nullable().optional(),
    policy: z.string().nullable().optional(),
    source: z.enum(["well-known", "header", "meta"]).optional(),
  }),
  spectrum: z.object({ tier: z.enum(["open", "signaled", "enforced", "paid"]), reasons: z.array(z.string()) }),
});

const AgentVerdictSchema = z.object({
  verdict: z.enum(["yes", "likely", "maybe", "no", "unknown"]),
  detail: z.string(),
  error: z.string().optional(),
  refusedTools: z
    .array(z.string())
    .optional()
    .meta({ description: "MCP only: tools the server card lists that the server's tools/list does not have (the card's check fails)" }),
});
const AgentDoorSchema = z.object({
  present: z.boolean(),
  status: z.int().nullable().optional(),
  unknown: z.boolean().optional(),
  note: z.string().optional(),
  detail: z.string().optional(),
});
export const AgentSchema = z.object({
  mcp: AgentVerdictSchema,
  nlweb: AgentVerdictSchema,
  webmcp: z.object({ found: z.boolean(), kind: z.enum(["inline", "bridge"]).optional(), marker: z.string().optional() }),
  agentCard: AgentDoorSchema,
  openapi: AgentDoorSchema,
  aiPlugin: AgentDoorSchema,
  apiCatalog: AgentDoorSchema,
  mdNegotiation: z.object({
    supported: z.boolean(),
    contentType: z.string().optional(),
    status: z.int().optional(),
    note: z.string().optional(),
    error: z.string().optional(),
  }),
  llmsTxt: z.object({ present: z.boolean(), unknown: z.boolean() }),
  strategy: z.object({
    verdict: z.enum(["agent-native", "agent-readable", "human-only"]),
    note: z.string(),
    action: z.array(z.string()),
    readable: z.array(z.string()),
    unknowns: z.array(z.string()),
  }),
});

export const BotViewSchema = named(
  "BotView",
  z.object({
    key: z.string(),
    label: z.string(),
    status: z.int().nullable(),
    blocked: z.boolean(),
    challenge: z.boolean(),
    role: z.enum(["control", "search", "train", "answers"]),
    owner: z.string(),
    userAgent: z.string(),
    contentType: z.string(),
    sampleBytes: z.int().min(0),
    redirected: z.boolean(),
    error: z.string().optional(),
    wall: z.object({ p: z.number().nullable(), model: z.string(), error: z.string().optional() }).optional(),
  }),
  "The page as one crawler's User-Agent sees it (the control is a browser).",
);

const CheckSchema = z.object({
  key: z.string(),
  status: z.enum(["pass", "fail", "unknown", "neutral"]),
  category: z.string().optional(),
  label: z.string().optional(),
  detail: z.string().optional(),
  optional: z.boolean().optional(),
  countInScore: z.boolean().optional(),
  notApplicable: z.literal(true).optional(),
});

export const ReadinessSchema = z.object({
  overall: z.int().min(0).max(100),
  level: z.union([z.literal(0), z.literal(1), z.literal(3), z.literal(5)]),
  levelName: z.string(),
  levelNote: z.string().nullable(),
  categories: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      score: z.int(),
      passed: z.int(),
      total: z.int(),
      checkCount: z.int(),
      countInScore: z.boolean(),
    }),
  ),
  checks: z.record(z.string(), CheckSchema),
  counted: z.int(),
  passed: z.int(),
  keyless: z.string().nullable(),
  scoringNote: z.string(),
  nextActions: z.array(z.object({ key: z.string(), label: z.string() })),
  botViews: z.array(BotViewSchema),
  field: z.object({
    overall: z.int().nullable(),
    scoringNote: z.string(),
    components: z.array(
      z.object({
        key: z.enum(["identifiedFetch", "sampledBots", "usableBody", "agentDoor"]),
        label: z.string(),
        score: z.int().nullable(),
        detail: z.string(),
      }),
    ),
  }),
});

export const EdgeSchema = named(
  "LensEdge",
  z.object({
    ok: z.boolean(),
    available: z.boolean().meta({ description: "false when the third-party score could not be read (see error)" }),
    level: z.int().min(0).max(5).optional(),
    score: z.int().min(0).max(100).optional().meta({ description: "level × 20" }),
    levelName: z.string().nullable().optional(),
    source: z.string(),
    sourceUrl: z.url(),
    fromCache: z.boolean(),
    error: z.string().optional(),
  }),
  "mode=edge: the third-party agent-readiness level (Cloudflare's isitagentready), best effort.",
);

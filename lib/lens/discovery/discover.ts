import type { RelLink } from "../page/structured";
import { door, mcpVerdict, mdNegotiation, nlwebVerdict, strategy, webmcp, isMcpCard, type Agent } from "./agent";
import { botViews as readBotViews, reportedView, type BotView } from "./bot-views";
import { SUBREQUEST_CAP, type DiscoveryContext } from "./context";
import { dnsAid, echRecord, type DnsAid, type Ech } from "./dns";
import { parseJson, probe, reached, type Probe, type Probed } from "./probe";
import { declaredNotApplicable, keylessReason, readiness, type CheckStatus } from "./readiness";
import { isIpLiteral } from "../address-policy";
import { parseRobots } from "./robots";
import { buildTerms, type Terms } from "./terms";

/** What the page pass hands the discovery pass. */
export interface PageFacts {
  url: string;
  finalUrl: string;
  status: number;
  headers: Record<string, string>;
  html: string;
  relLinks: RelLink[];
  meta: Record<string, string>;
  metaRobots: string | null;
  xRobotsTag: string | null;
  wordCount: number;
  binary: boolean;
}

const FEED_TYPES = /application\/(rss|atom|feed)\+(xml|json)|application\/json/i;

/** Well-known paths, probed in parallel on the target's origin (docs/lens.md, discovery). */
const PATHS = {
  robotsTxt: ["/robots.txt", "text/plain,*/*;q=0.8"],
  sitemapXml: ["/sitemap.xml", "application/xml,text/xml;q=0.9,*/*;q=0.8"],
  llmsTxt: ["/llms.txt", "text/markdown,text/plain;q=0.9,*/*;q=0.8"],
  llmsFullTxt: ["/llms-full.txt", "text/markdown,text/plain;q=0.9,*/*;q=0.8"],
  aiTxt: ["/ai.txt", "text/plain,*/*;q=0.8"],
  securityTxt: ["/.well-known/security.txt", "text/plain,*/*;q=0.8"],
  webBotAuth: [
    "/.well-known/http-message-signatures-directory",
    "application/http-message-signatures-directory+json,application/json;q=0.9,*/*;q=0.8",
  ],
  oauthProtectedResource: ["/.well-known/oauth-protected-resource", "application/json,*/*;q=0.8"],
  authMd: ["/auth.md", "text/markdown,text/plain;q=0.9,*/*;q=0.8"],
  mcpServerCard: ["/.well-known/mcp/server-card.json", "application/json,*/*;q=0.8"],
  mcpLegacyCard: ["/.well-known/mcp.json", "application/json,*/*;q=0.8"],
  agentSkills: ["/.well-known/agent-skills/index.json", "application/json,*/*;q=0.8"],
  openidConfiguration: ["/.well-known/openid-configuration", "application/json,*/*;q=0.8"],
  oauthAuthorizationServer: ["/.well-known/oauth-authorization-server", "application/json,*/*;q=0.8"],
  ucp: ["/.well-known/ucp", "application/json,*/*;q=0.8"],
  acp: ["/.well-known/acp.json", "application/json,*/*;q=0.8"],
  tdmrep: ["/.well-known/tdmrep.json", "application/json,*/*;q=0.8"],
  agentsMd: ["/AGENTS.md", "text/markdown,text/plain;q=0.9,*/*;q=0.8"],
  agentCard: ["/.well-known/agent-card.json", "application/json,*/*;q=0.8"],
  aiPlugin: ["/.well-known/ai-plugin.json", "application/json,*/*;q=0.8"],
  apiCatalog: ["/.well-known/api-catalog", "application/linkset+json,application/json;q=0.9,*/*;q=0.8"],
  nlweb: ["/ask?query=what%20is%20this%20site%3F&mode=list", "application/json,*/*;q=0.8"],
} as const;
type PathKey = keyof typeof PATHS;

export interface Discovered {
  discovery: Record<string, unknown>;
  wire: { dictionary: { observed: boolean; offer: string | null; negotiates: boolean; activeEncoding: string | null }; ech: Ech };
  terms: Terms;
  agent: Agent;
  botViews: ReturnType<typeof reportedView>[];
  readiness: ReturnType<typeof readiness> & { botViews: ReturnType<typeof reportedView>[] };
  subrequestCap: boolean;
}

/** The discovery and bot-view passes over one page already fetched. Never throws for the target's sake: what cannot be read is reported as such. */
export async function discover(page: PageFacts, ctx: DiscoveryContext): Promise<Discovered> {
  const origin = new URL(page.finalUrl).origin;
  const host = new URL(page.finalUrl).hostname.replace(/^\[|\]$/g, "");
  const serviceDesc = page.relLinks.find((l) => /\bservice-desc\b/.test(l.rel))?.href;
  const sameOrigin = (href: string | undefined) => href !== undefined && new URL(href).origin === origin;

  const probes = {} as Record<PathKey, Probed>;
  const [, views, md, openapiProbe, aid, ech] = await Promise.all([
    Promise.all((Object.keys(PATHS) as PathKey[]).map(async (k) => (probes[k] = await probe(ctx, origin, PATHS[k][0], PATHS[k][1])))),
    readBotViews(ctx, page.finalUrl),
    mdNegotiation(ctx, page.finalUrl),
    probe(
      ctx,
      origin,
      sameOrigin(serviceDesc) ? serviceDesc! : "/openapi.json",
      "application/openapi+json,application/json;q=0.9,*/*;q=0.8",
    ),
    dnsAid(ctx.dns, host),
    echRecord(ctx.dns, host),
  ]);

  // robots.txt may declare a sitemap somewhere other than /sitemap.xml: read it too (same origin only).
  const robotsParsed = reached(probes.robotsTxt) ? parseRobots(probes.robotsTxt.text) : null;
  const declared = robotsParsed?.sitemaps[0];
  let sitemapDeclared: Probe | null = null;
  let sitemapDeclaredOk = false;
  if (declared) {
    let url: URL | null = null;
    try {
      url = new URL(declared, origin);
    } catch {
      sitemapDeclared = {
        ok: false,
        error: `robots.txt declares a sitemap that is not a URL: ${declared.slice(0, 200)}`,
        url: declared.slice(0, 2048),
      };
    }
    if (url && url.origin !== origin)
      sitemapDeclared = { ok: false, error: "declared on another origin: lens reads only the target's origin", url: url.href };
    else if (url && url.href === new URL("/sitemap.xml", origin).href) {
      sitemapDeclared = probes.sitemapXml.probe;
      sitemapDeclaredOk = reached(probes.sitemapXml, "xml");
    } else if (url) {
      const p = await probe(ctx, origin, url.href, "application/xml,text/xml;q=0.9,*/*;q=0.8");
      sitemapDeclared = p.probe;
      sitemapDeclaredOk = reached(p, "xml");
    }
  }

  const mcp = await mcpVerdict(ctx, origin, [probes.mcpServerCard, probes.mcpLegacyCard], page.relLinks);
  const terms = buildTerms({
    page: {
      url: page.finalUrl,
      status: page.status,
      headers: page.headers,
      meta: page.meta,
      metaRobots: page.metaRobots,
      xRobotsTag: page.xRobotsTag,
    },
    robotsProbe: probes.robotsTxt,
    tdmrepProbe: probes.tdmrep,
    botViews: views,
    botViewsRan: true,
  });

  const openapiDoc = parseJson(openapiProbe.text) as Record<string, unknown> | undefined;
  const agentCard = door(
    probes.agentCard,
    (j) => typeof j.name === "string" && (Array.isArray(j.skills) || Array.isArray(j.supportedInterfaces) || typeof j.url === "string"),
    "an A2A agent card",
  );
  const agentSansStrategy: Omit<Agent, "strategy"> = {
    mcp,
    nlweb: nlwebVerdict(probes.nlweb),
    webmcp: webmcp(page.html),
    agentCard,
    openapi: door(openapiProbe, (j) => typeof j.openapi === "string" || typeof j.swagger === "string", "an OpenAPI description"),
    aiPlugin: door(probes.aiPlugin, (j) => typeof j.schema_version === "string" || typeof j.api === "object", "an ai-plugin manifest"),
    apiCatalog: door(probes.apiCatalog, (j) => Array.isArray(j.linkset), "an RFC 9727 linkset"),
    mdNegotiation: {
      supported: md.supported,
      ...(md.contentType ? { contentType: md.contentType } : {}),
      ...(md.status !== undefined ? { status: md.status } : {}),
      note: md.note,
      ...(md.error ? { error: md.error } : {}),
    },
    llmsTxt: { present: reached(probes.llmsTxt, "markdown"), unknown: isUnreachable(probes.llmsTxt) },
  };
  const feeds = page.relLinks.filter((l) => /\balternate\b/.test(l.rel) && FEED_TYPES.test(l.type ?? ""));
  const agent: Agent = { ...agentSansStrategy, strategy: strategy(agentSansStrategy, { twin: md.twin, feeds: feeds.length }) };

  const cardJson = parseJson(probes.agentCard.text) as Record<string, unknown> | undefined;
  const ap2 = agentCard.present && /ap2|agent-payments/i.test(JSON.stringify(cardJson?.capabilities ?? {}));
  const status = (p: Probed, kind: Parameters<typeof reached>[1] = "text"): CheckStatus =>
    reached(p, kind) ? "pass" : isUnreachable(p) ? "unknown" : "fail";
  const sitemapStatus: CheckStatus =
    reached(probes.sitemapXml, "xml") || sitemapDeclaredOk ? "pass" : isUnreachable(probes.sitemapXml) ? "unknown" : "fail";
  const reportedViews = views.map(reportedView);
  const score = readiness({
    page: { status: page.status, headers: page.headers, wordCount: page.wordCount, binary: page.binary },
    found: {
      robots: status(probes.robotsTxt),
      sitemap: sitemapStatus,
      llmsTxt: status(probes.llmsTxt),
      dnsAid: aid.ok ? (aid.found ? "pass" : "fail") : "unknown",
      webBotAuth: status(probes.webBotAuth, "json"),
      oauthDiscovery: reached(probes.openidConfiguration, "json") || reached(probes.oauthAuthorizationServer, "json") ? "pass" : "fail",
      oauthProtectedResource: status(probes.oauthProtectedResource, "json"),
      authMd: status(probes.authMd),
      // A card that lists tools the server refuses is no door an agent can use.
      mcpServerCard: mcp.refusedTools?.length
        ? "fail"
        : mcp.verdict === "yes" ||
            [probes.mcpServerCard, probes.mcpLegacyCard].some(
              (c) => reached(c, "json") && isMcpCard(parseJson(c.text) as Record<string, unknown>),
            )
          ? "pass"
          : mcp.verdict === "unknown"
            ? "unknown"
            : "fail",
      agentSkills: status(probes.agentSkills, "json"),
      ucp: status(probes.ucp, "json"),
      acp: status(probes.acp, "json"),
      ap2: ap2 ? "pass" : "fail",
    },
    twin: md.twin,
    terms,
    agent,
    botViews: views,
    keyless: agent.openapi.present ? keylessReason(openapiDoc) : null,
    declared: agent.openapi.present ? declaredNotApplicable(openapiDoc) : {},
    ipHost: isIpLiteral(host),
  });

  const offer = page.headers["use-as-dictionary"] ?? page.relLinks.find((l) => /\bcompression-dictionary\b/.test(l.rel))?.href ?? null;
  const activeEncoding = page.headers["content-encoding"] ?? null;
  return {
    discovery: {
      origin,
      feeds,
      oauthDiscovery: {
        openidConfiguration: probes.openidConfiguration.probe,
        oauthAuthorizationServer: probes.oauthAuthorizationServer.probe,
      },
      commerce: {
        ucp: probes.ucp.probe,
        acp: probes.acp.probe,
        ap2: { declared: ap2, detail: ap2 ? "the A2A agent card declares the AP2 extension" : "no AP2 extension on an A2A agent card" },
      },
      robotsTxt: probes.robotsTxt.probe,
      sitemapXml: probes.sitemapXml.probe,
      llmsTxt: probes.llmsTxt.probe,
      llmsFullTxt: probes.llmsFullTxt.probe,
      aiTxt: probes.aiTxt.probe,
      securityTxt: probes.securityTxt.probe,
      webBotAuth: probes.webBotAuth.probe,
      oauthProtectedResource: probes.oauthProtectedResource.probe,
      authMd: probes.authMd.probe,
      mcpServerCard:
        reached(probes.mcpServerCard, "json") || !reached(probes.mcpLegacyCard, "json")
          ? probes.mcpServerCard.probe
          : probes.mcpLegacyCard.probe,
      agentSkills: probes.agentSkills.probe,
      sitemapDeclared,
      dnsAid: aid,
      agentsMd: agentsMd(probes.agentsMd),
    },
    wire: {
      dictionary: { observed: offer !== null, offer, negotiates: /\bdc[bz]\b/i.test(activeEncoding ?? ""), activeEncoding },
      ech,
    },
    terms,
    agent,
    botViews: reportedViews,
    readiness: { ...score, botViews: reportedViews },
    subrequestCap: ctx.budget.capped,
  };
}

function isUnreachable(p: Probed): boolean {
  return (!p.probe.ok && "error" in p.probe) || (!p.probe.ok && p.probe.status >= 500);
}

function agentsMd(p: Probed) {
  const pr = p.probe;
  if (pr.ok && reached(p, "markdown"))
    return {
      ok: true,
      present: true,
      unknown: false,
      variant: "/AGENTS.md",
      status: pr.status,
      body: pr.body,
      truncated: pr.truncated,
      note: "instructions for coding agents",
    };
  if (!pr.ok && "error" in pr)
    return { ok: false, present: false, unknown: true, variant: "/AGENTS.md", note: "could not be fetched", error: pr.error };
  return {
    ok: true,
    present: false,
    unknown: false,
    variant: "/AGENTS.md",
    status: pr.status,
    note: pr.ok ? "answered, but with an HTML page" : "not published",
  };
}

export { SUBREQUEST_CAP };
export type { DnsAid, BotView };

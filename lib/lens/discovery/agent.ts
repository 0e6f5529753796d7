import type { RelLink } from "../page/structured";
import { subrequest, type DiscoveryContext } from "./context";
import { parseJson, probeError, reached, type Probed } from "./probe";

/** The doors an agent could use on the target, beyond reading its pages. */
export type Verdict = "yes" | "likely" | "maybe" | "no" | "unknown";
export interface AgentVerdict {
  verdict: Verdict;
  detail: string;
  error?: string;
  /** Tools the MCP server card lists that the server's tools/list does not have. */
  refusedTools?: string[];
}
export interface AgentDoor {
  present: boolean;
  status?: number | null;
  unknown?: boolean;
  note?: string;
  detail?: string;
}
export interface MdNegotiation {
  supported: boolean;
  contentType?: string;
  status?: number;
  note?: string;
  error?: string;
}
export interface Agent {
  mcp: AgentVerdict;
  nlweb: AgentVerdict;
  webmcp: { found: boolean; kind?: "inline" | "bridge"; marker?: string };
  agentCard: AgentDoor;
  openapi: AgentDoor;
  aiPlugin: AgentDoor;
  apiCatalog: AgentDoor;
  mdNegotiation: MdNegotiation;
  llmsTxt: { present: boolean; unknown: boolean };
  strategy: {
    verdict: "agent-native" | "agent-readable" | "human-only";
    note: string;
    action: string[];
    readable: string[];
    unknowns: string[];
  };
}

/** A probe as an AgentDoor: present when it answered 2xx with the kind of document the path promises. */
export function door(p: Probed, isDocument: (json: Record<string, unknown>) => boolean, what: string): AgentDoor {
  const pr = p.probe;
  if (!pr.ok && "error" in pr) return { present: false, status: null, unknown: true, detail: pr.error };
  if (!pr.ok) return { present: false, status: pr.status, unknown: pr.status >= 500 };
  const json = parseJson(p.text) as Record<string, unknown> | undefined;
  if (!json || !isDocument(json))
    return { present: false, status: pr.status, unknown: false, detail: `${pr.url} answered ${pr.status} but is not ${what}` };
  return { present: true, status: pr.status, unknown: false, detail: pr.url };
}

const MCP_INIT = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "SiteLens", version: "1.0" } },
});

/** The MCP endpoint a server card names (current `remotes[].url`, or the legacy `endpoint`/`url`). */
export function cardEndpoint(card: Record<string, unknown>, base: string): string | null {
  const remotes = Array.isArray(card.remotes) ? (card.remotes as Record<string, unknown>[]) : [];
  const transport = card.transport as { endpoint?: unknown } | undefined;
  const candidate = remotes.find((r) => typeof r?.url === "string")?.url ?? card.endpoint ?? transport?.endpoint ?? card.url;
  if (typeof candidate !== "string") return null;
  try {
    return new URL(candidate, base).href;
  } catch {
    return null;
  }
}

export const isMcpCard = (j: Record<string, unknown>) =>
  Boolean(j.name || j.serverInfo) &&
  (Array.isArray(j.remotes) ||
    typeof j.endpoint === "string" ||
    typeof j.url === "string" ||
    typeof j.transport === "object" ||
    typeof j.capabilities === "object");

/** A JSON-RPC answer, as JSON or as the data line of an event stream. */
function rpcResult<T>(body: Buffer): T | undefined {
  const text = body.toString("utf8");
  const payload = /^data:\s*(\{.*\})\s*$/m.exec(text)?.[1] ?? text;
  return (parseJson(payload) as { result?: T } | undefined)?.result;
}

/** How a later request continues the session initialize opened (a stateless server sends no session id). */
type McpSession = { headers: Record<string, string> };

/** Speaks MCP's initialize to an endpoint: a JSON-RPC result with serverInfo (JSON or an SSE data line) is a server. */
export async function mcpAnswers(
  ctx: DiscoveryContext,
  endpoint: string,
): Promise<{ ok: boolean; detail: string; error?: string; session?: McpSession }> {
  try {
    const res = await subrequest(ctx, endpoint, {
      method: "POST",
      body: MCP_INIT,
      accept: "application/json, text/event-stream",
      headers: { "content-type": "application/json" },
      maxBodyBytes: 64 * 1024,
      maxRedirects: 0,
    });
    const result = rpcResult<{ serverInfo?: { name?: string }; protocolVersion?: string }>(res.body);
    if (res.status < 300 && result?.serverInfo) {
      const id = res.headers["mcp-session-id"];
      const headers: Record<string, string> = {
        "content-type": "application/json",
        "mcp-protocol-version": typeof result.protocolVersion === "string" ? result.protocolVersion : "2025-06-18",
        ...(id ? { "mcp-session-id": id } : {}),
      };
      return { ok: true, detail: `${endpoint} answers MCP initialize (server "${result.serverInfo.name ?? "?"}")`, session: { headers } };
    }
    return { ok: false, detail: `${endpoint} answered ${res.status} to MCP initialize` };
  } catch (e) {
    return { ok: false, detail: `${endpoint} could not be reached`, error: probeError(e) };
  }
}

/** The tool names a server card lists (the well-known shape's `tools`), or null when it lists none. */
export function cardTools(card: Record<string, unknown>): string[] | null {
  if (!Array.isArray(card.tools)) return null;
  return card.tools.flatMap((t) => (typeof (t as { name?: unknown })?.name === "string" ? [(t as { name: string }).name] : []));
}

/** Pages of tools/list read at most: a card lists a handful of tools, and each page is a subrequest. */
const TOOL_PAGES = 4;

/** The server's tools/list after initialize (every page up to TOOL_PAGES), or null when it does not answer one. */
export async function mcpToolNames(ctx: DiscoveryContext, endpoint: string, session: McpSession): Promise<string[] | null> {
  const post = (body: unknown) =>
    subrequest(ctx, endpoint, {
      method: "POST",
      body: JSON.stringify(body),
      accept: "application/json, text/event-stream",
      headers: session.headers,
      maxBodyBytes: 256 * 1024,
      maxRedirects: 0,
    });
  try {
    // A stateful server lists tools once the client said it is initialized; a stateless one ignores this.
    if (session.headers["mcp-session-id"]) await post({ jsonrpc: "2.0", method: "notifications/initialized" });
    const names: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < TOOL_PAGES; page++) {
      const res = await post({ jsonrpc: "2.0", id: 2 + page, method: "tools/list", params: cursor ? { cursor } : {} });
      const result = rpcResult<{ tools?: { name?: unknown }[]; nextCursor?: unknown }>(res.body);
      // A list read only in part cannot show a tool missing: unchecked, not refused.
      if (res.status >= 300 || !Array.isArray(result?.tools)) return null;
      for (const t of result.tools) if (typeof t?.name === "string") names.push(t.name);
      if (typeof result.nextCursor !== "string" || !result.nextCursor) return names;
      cursor = result.nextCursor;
    }
    return null;
  } catch {
    return null;
  }
}

/**
 * A server card that lists tools is a promise: each should be in the server's tools/list.
 * The ones that are not are tools the site advertises and refuses (a feature switched off
 * whose tools stayed on the card, say): the card's check fails on them.
 */
async function cardKept(
  ctx: DiscoveryContext,
  card: Record<string, unknown>,
  endpoint: string,
  session: McpSession | undefined,
): Promise<{ note: string; refusedTools?: string[] }> {
  const promised = cardTools(card);
  if (!promised?.length || !session) return { note: "" };
  const listed = await mcpToolNames(ctx, endpoint, session);
  if (!listed) return { note: "; tools/list did not answer, so the card's tools could not be checked" };
  const have = new Set(listed);
  const refused = promised.filter((t) => !have.has(t));
  if (!refused.length) return { note: `; tools/list has all ${promised.length} tools the card lists` };
  const shown = refused.slice(0, 8).join(", ") + (refused.length > 8 ? ", …" : "");
  return {
    note: `; but the card lists ${refused.length} of its ${promised.length} tools that tools/list does not have (${shown}): the site advertises tools it refuses`,
    refusedTools: refused,
  };
}

export async function mcpVerdict(ctx: DiscoveryContext, origin: string, cards: Probed[], relLinks: RelLink[]): Promise<AgentVerdict> {
  const card = cards.find((c) => reached(c, "json") && isMcpCard(parseJson(c.text) as Record<string, unknown>));
  if (card) {
    const json = parseJson(card.text) as Record<string, unknown>;
    const endpoint = cardEndpoint(json, card.finalUrl);
    if (!endpoint) return { verdict: "likely", detail: `a server card at ${card.probe.url} names no endpoint` };
    const answer = await mcpAnswers(ctx, endpoint);
    if (!answer.ok)
      return {
        verdict: "likely",
        detail: `server card at ${card.probe.url}; ${answer.detail}`,
        ...(answer.error ? { error: answer.error } : {}),
      };
    const kept = await cardKept(ctx, json, endpoint, answer.session);
    return kept.refusedTools
      ? { verdict: "likely", detail: `server card at ${card.probe.url}; ${answer.detail}${kept.note}`, refusedTools: kept.refusedTools }
      : { verdict: "yes", detail: `server card at ${card.probe.url}; ${answer.detail}${kept.note}` };
  }
  const linked = relLinks.find((l) => /mcp/i.test(l.type ?? "") || /\bmcp\b/i.test(l.rel));
  const endpoint = linked?.href ?? new URL("/mcp", origin).href;
  const answer = await mcpAnswers(ctx, endpoint);
  if (answer.ok) return { verdict: "yes", detail: `no server card, but ${answer.detail}` };
  if (linked) return { verdict: "maybe", detail: `the page links an MCP resource (${linked.href}); ${answer.detail}` };
  const unreachable = cards.every((c) => !c.probe.ok && "error" in c.probe);
  if (unreachable)
    return {
      verdict: "unknown",
      detail: "the server card locations could not be fetched",
      error: (cards[0].probe as { error: string }).error,
    };
  return {
    verdict: "no",
    detail: "no server card at /.well-known/mcp/server-card.json or /.well-known/mcp.json, and /mcp does not answer MCP",
  };
}

/** NLWeb's /ask: a JSON answer with `results` (or the stream's `_meta`) is the protocol. */
export function nlwebVerdict(p: Probed): AgentVerdict {
  const pr = p.probe;
  if (!pr.ok && "error" in pr) return { verdict: "unknown", detail: "/ask could not be fetched", error: pr.error };
  const json = parseJson(p.text) as Record<string, unknown> | undefined;
  if (pr.ok && json && (Array.isArray(json.results) || "_meta" in json))
    return { verdict: "yes", detail: `${pr.url} answers with NLWeb results` };
  if (pr.ok && /text\/event-stream/.test(pr.contentType)) return { verdict: "likely", detail: `${pr.url} answers with an event stream` };
  if (!pr.ok && (pr.status === 400 || pr.status === 405 || pr.status === 429))
    return { verdict: "maybe", detail: `/ask exists but answered ${pr.status}` };
  return { verdict: "no", detail: `/ask answered ${pr.ok ? `${pr.status} without NLWeb results` : pr.status}` };
}

/** WebMCP from the HTML alone: a static scan can only say a page registers tools, not that they work. */
export function webmcp(html: string): Agent["webmcp"] {
  const inline = /navigator\.modelContext\s*\??\.\s*(registerTool|provideContext)|<form[^>]*\btoolname\s*=/i.exec(html);
  if (inline) return { found: true, kind: "inline", marker: inline[0].slice(0, 80) };
  const bridge = /<script[^>]+src=["'][^"']*(webmcp|mcp-b)[^"']*["']/i.exec(html);
  if (bridge) return { found: true, kind: "bridge", marker: bridge[0].slice(0, 120) };
  return { found: false };
}

/** Markdown negotiation: the page asked for with a bare `Accept: text/markdown` and a ranked one, and its `.md` twin. */
export async function mdNegotiation(ctx: DiscoveryContext, url: string): Promise<MdNegotiation & { twin: boolean }> {
  const tries: [string, string, string][] = [
    ["bare Accept", url, "text/markdown"],
    ["ranked Accept", url, "text/markdown, text/html;q=0.9, */*;q=0.8"],
    [".md twin", twinUrl(url), "*/*"],
  ];
  const results = await Promise.all(
    tries.map(async ([label, u, accept]) => {
      try {
        const res = await subrequest(ctx, u, { accept, maxBodyBytes: 64 * 1024 });
        const type = res.headers["content-type"] ?? "";
        const markdown =
          res.status < 300 &&
          (/text\/(x-)?markdown/i.test(type) ||
            (label === ".md twin" && /text\/plain/i.test(type) && /^#\s/m.test(res.body.toString("utf8"))));
        return { label, status: res.status, type, markdown };
      } catch (e) {
        return { label, status: undefined, type: "", markdown: false, error: probeError(e) };
      }
    }),
  );
  const [bare, ranked, twin] = results;
  const negotiated = [bare, ranked].filter((r) => r.markdown);
  const note = negotiated.length
    ? `Markdown for ${negotiated.map((r) => r.label).join(" and ")}${twin.markdown ? ", and a .md twin" : ""}`
    : twin.markdown
      ? "no negotiation, but the page has a .md twin"
      : "HTML whatever the Accept header says";
  const shown = negotiated[0] ?? bare;
  const error = results.every((r) => "error" in r && r.error) ? (bare as { error?: string }).error : undefined;
  return {
    supported: negotiated.length > 0,
    contentType: shown.type || undefined,
    ...(shown.status !== undefined ? { status: shown.status } : {}),
    note,
    ...(error ? { error } : {}),
    twin: twin.markdown,
  };
}

function twinUrl(url: string): string {
  const u = new URL(url);
  u.pathname = u.pathname === "/" ? "/index.md" : `${u.pathname.replace(/\/$/, "")}.md`;
  return u.href;
}

export function strategy(a: Omit<Agent, "strategy">, extra: { twin: boolean; feeds: number }): Agent["strategy"] {
  const action: string[] = [];
  if (a.mcp.verdict === "yes" || a.mcp.verdict === "likely") action.push(`MCP (${a.mcp.verdict})`);
  if (a.nlweb.verdict === "yes") action.push("NLWeb /ask");
  if (a.webmcp.found) action.push(`WebMCP (${a.webmcp.kind})`);
  if (a.agentCard.present) action.push("A2A agent card");
  if (a.openapi.present) action.push("OpenAPI description");
  if (a.apiCatalog.present) action.push("API catalog (RFC 9727)");
  if (a.aiPlugin.present) action.push("ai-plugin.json (legacy)");
  const readable: string[] = [];
  if (a.mdNegotiation.supported) readable.push("Markdown by content negotiation");
  if (extra.twin) readable.push(".md twins");
  if (a.llmsTxt.present) readable.push("llms.txt");
  if (extra.feeds) readable.push("feeds");
  const unknowns: string[] = [];
  if (a.mcp.verdict === "unknown") unknowns.push("MCP");
  if (a.nlweb.verdict === "unknown") unknowns.push("NLWeb");
  if (a.llmsTxt.unknown) unknowns.push("llms.txt");
  if (a.mdNegotiation.error) unknowns.push("Markdown negotiation");
  if (action.length)
    return {
      verdict: "agent-native",
      note: "An agent can act through a door made for it, not only read pages.",
      action,
      readable,
      unknowns,
    };
  if (readable.length)
    return {
      verdict: "agent-readable",
      note: "An agent can read clean text, but has no door of its own to act through.",
      action,
      readable,
      unknowns,
    };
  return { verdict: "human-only", note: "Only HTML made for people: an agent must scrape it.", action, readable, unknowns };
}

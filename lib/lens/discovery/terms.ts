import { aiCrawler, robotsTokens } from "@/lib/crawlers";
import type { Probed } from "./probe";
import { parseJson } from "./probe";
import { namedAgents, parseRobots, robotsVerdict, type Robots, type RobotsSignal } from "./robots";
import type { BotView } from "./bot-views";

/**
 * What the target says AI crawlers may do, and how hard it says it: robots.txt verdicts per
 * crawler (RFC 9309), Content-Signal / Content-Usage lines, payment headers, TDMRep, robots
 * meta and X-Robots-Tag, and the spectrum tier that sums them up.
 */
export interface Terms {
  path: string;
  robotsPresent: boolean;
  robotsUnknown: boolean;
  robotsError: string | null;
  scoreboard: {
    ua: string;
    owner: string;
    kind: string;
    note: string;
    verdict: "allow" | "block" | "unknown";
    matchedUa: string | null;
    rule: string | null;
  }[];
  signals: { agents: string[]; raw: string; parsed: Record<string, string> }[];
  paid: { http402: boolean; crawlerHeaders: Record<string, string>; x402: string | null };
  enforcement: { status: "none" | "some" | "all" | "unknown"; challenged: string[]; blocked: string[] };
  directives: { metaRobots: string | null; xRobotsTag: string | null; noai: boolean };
  tdmrep: TdmRep;
  spectrum: { tier: "open" | "signaled" | "enforced" | "paid"; reasons: string[] };
}

export interface TdmRep {
  present: boolean;
  invalid?: boolean;
  body?: string;
  rules?: number;
  reserved?: boolean | null;
  location?: string | null;
  policy?: string | null;
  source?: "well-known" | "header" | "meta";
}

/** robots.txt as RFC 9309 reads it: 2xx → rules, 4xx → no rules (all allowed), 5xx or unreachable → unknown (crawlers treat it as full disallow). */
export function readRobots(p: Probed): { robots: Robots | null; present: boolean; unknown: boolean; error: string | null } {
  const pr = p.probe;
  if (pr.ok) return { robots: parseRobots(p.text), present: true, unknown: false, error: null };
  if ("status" in pr && pr.status >= 400 && pr.status < 500) return { robots: null, present: false, unknown: false, error: null };
  const error = "status" in pr ? `robots.txt answered ${pr.status}: RFC 9309 crawlers then assume a full disallow` : pr.error;
  return { robots: null, present: false, unknown: true, error };
}

export function buildTerms(input: {
  page: {
    url: string;
    status: number;
    headers: Record<string, string>;
    meta: Record<string, string>;
    metaRobots: string | null;
    xRobotsTag: string | null;
  };
  robotsProbe: Probed;
  tdmrepProbe: Probed;
  botViews: BotView[];
  botViewsRan: boolean;
}): Terms {
  const path = pathOf(input.page.url);
  const robots = readRobots(input.robotsProbe);

  const scoreboard = robotsTokens().map((t) => {
    const base = { ua: t.token, owner: t.owner, kind: t.kind === "ai" ? t.role : "search-engine" };
    if (robots.unknown)
      return { ...base, note: robots.error ?? "robots.txt could not be read", verdict: "unknown" as const, matchedUa: null, rule: null };
    if (!robots.robots)
      return { ...base, note: "no robots.txt (4xx): everything is allowed", verdict: "allow" as const, matchedUa: null, rule: null };
    const v = robotsVerdict(robots.robots, t.token, path);
    const note = v.explicit ? "a group names this crawler" : v.matchedUa ? "the * group applies" : "no group applies";
    return { ...base, note, verdict: v.verdict, matchedUa: v.matchedUa, rule: v.rule };
  });

  const signals: Terms["signals"] = [];
  if (robots.robots) {
    for (const g of robots.robots.groups) for (const s of g.signals) signals.push(signalOf(g.agents, s));
    for (const s of robots.robots.looseSignals) signals.push(signalOf(["*"], s));
  }
  for (const name of ["content-signal", "content-usage"]) {
    const raw = input.page.headers[name];
    if (raw) signals.push({ agents: ["(response header)"], raw: `${name}: ${raw}`, parsed: parsePairs(raw) });
  }

  const crawlerHeaders = Object.fromEntries(Object.entries(input.page.headers).filter(([k]) => k.startsWith("crawler-")));
  const x402 = input.page.headers["payment-required"] ?? input.page.headers["x-payment-required"] ?? null;
  for (const v of input.botViews) {
    if (v.status === 402 && v.paymentHeaders) Object.assign(crawlerHeaders, v.paymentHeaders);
  }
  const http402 = input.page.status === 402 || input.botViews.some((v) => v.status === 402);
  const paid = { http402, crawlerHeaders, x402 };

  // Enforcement is about AI crawlers: the control is a browser, and search engines are the baseline a site lets in.
  const aiViews = input.botViews.filter((v) => v.role !== "control" && aiCrawler(v.label) !== undefined);
  const challenged = aiViews.filter((v) => v.challenge).map((v) => v.label);
  const blocked = aiViews.filter((v) => v.blocked && !v.challenge).map((v) => v.label);
  const stopped = challenged.length + blocked.length;
  const enforcement = {
    status:
      !input.botViewsRan || aiViews.length === 0
        ? ("unknown" as const)
        : stopped === 0
          ? ("none" as const)
          : stopped === aiViews.length
            ? ("all" as const)
            : ("some" as const),
    challenged,
    blocked,
  };

  const noaiRe = /\bno(ai|imageai)\b/i;
  const perBotMeta = Object.entries(input.page.meta).filter(([k]) =>
    robotsTokens().some((t) => t.kind === "ai" && t.token.toLowerCase() === k),
  );
  const noai =
    noaiRe.test(input.page.metaRobots ?? "") ||
    noaiRe.test(input.page.xRobotsTag ?? "") ||
    perBotMeta.some(([, v]) => /noindex|none|noai/i.test(v));
  const directives = { metaRobots: input.page.metaRobots, xRobotsTag: input.page.xRobotsTag, noai };

  const tdmrep = readTdmRep(input.tdmrepProbe, input.page.headers, input.page.meta, path);

  const reasons: Record<Terms["spectrum"]["tier"], string[]> = { open: [], signaled: [], enforced: [], paid: [] };
  if (http402 && (Object.keys(crawlerHeaders).length || x402))
    reasons.paid.push("answers crawlers with HTTP 402 and a price (pay per crawl or x402)");
  else if (http402) reasons.paid.push("answers HTTP 402 Payment Required");
  if (challenged.length) reasons.enforced.push(`challenges ${challenged.join(", ")}`);
  if (blocked.length) reasons.enforced.push(`blocks ${blocked.join(", ")} at the server`);
  const aiBlocks = scoreboard.filter((s) => s.kind !== "search-engine" && s.verdict === "block").map((s) => s.ua);
  const named = robots.robots
    ? namedAgents(robots.robots).filter((a) => robotsTokens().some((t) => t.kind === "ai" && t.token.toLowerCase() === a.toLowerCase()))
    : [];
  if (named.length)
    reasons.signaled.push(`robots.txt has groups for AI crawlers (${named.slice(0, 6).join(", ")}${named.length > 6 ? "…" : ""})`);
  if (aiBlocks.length && !named.length) reasons.signaled.push(`robots.txt disallows this path to ${aiBlocks.length} AI crawlers`);
  if (signals.some((s) => s.raw.toLowerCase().startsWith("content-signal"))) reasons.signaled.push("declares Content-Signal preferences");
  if (signals.some((s) => s.raw.toLowerCase().startsWith("content-usage")))
    reasons.signaled.push("declares Content-Usage (IETF AI preferences)");
  if (tdmrep.present && tdmrep.reserved) reasons.signaled.push("reserves text-and-data-mining rights (TDMRep)");
  if (noai) reasons.signaled.push("robots meta or X-Robots-Tag opts out of AI use (noai or a per-crawler rule)");
  const tier = reasons.paid.length ? "paid" : reasons.enforced.length ? "enforced" : reasons.signaled.length ? "signaled" : "open";
  if (tier === "open") reasons.open.push("declares nothing about AI crawlers and lets them all read");
  return {
    path,
    robotsPresent: robots.present,
    robotsUnknown: robots.unknown,
    robotsError: robots.error,
    scoreboard,
    signals,
    paid,
    enforcement,
    directives,
    tdmrep,
    spectrum: { tier, reasons: [...reasons.paid, ...reasons.enforced, ...reasons.signaled, ...reasons.open] },
  };
}

function signalOf(agents: string[], s: RobotsSignal) {
  return { agents, raw: s.raw, parsed: s.parsed };
}

function parsePairs(raw: string): Record<string, string> {
  return Object.fromEntries(
    raw
      .split(/[,;]/)
      .map((p) => p.split("=").map((x) => x.trim()))
      .filter((kv) => kv.length === 2 && kv[0])
      .map(([k, v]) => [k.toLowerCase(), v]),
  );
}

function pathOf(url: string): string {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}

/** W3C TDMRep: /.well-known/tdmrep.json (rules by location), else the tdm-reservation header or meta. */
export function readTdmRep(p: Probed, headers: Record<string, string>, meta: Record<string, string>, path: string): TdmRep {
  if (p.probe.ok) {
    const json = parseJson(p.text);
    if (!Array.isArray(json)) return { present: true, invalid: true, body: p.text.slice(0, 2_000), source: "well-known" };
    const rules = json.filter((r): r is Record<string, unknown> => typeof r === "object" && r !== null);
    const rule = rules.find((r) => typeof r.location === "string" && locationMatches(r.location, path));
    return {
      present: true,
      invalid: false,
      rules: rules.length,
      reserved: rule ? Number(rule["tdm-reservation"]) === 1 : null,
      location: rule && typeof rule.location === "string" ? rule.location : null,
      policy: rule && typeof rule["tdm-policy"] === "string" ? rule["tdm-policy"] : null,
      source: "well-known",
    };
  }
  const reservation = headers["tdm-reservation"] ?? meta["tdm-reservation"];
  if (reservation !== undefined) {
    return {
      present: true,
      reserved: reservation.trim() === "1",
      location: null,
      policy: headers["tdm-policy"] ?? meta["tdm-policy"] ?? null,
      source: headers["tdm-reservation"] !== undefined ? "header" : "meta",
    };
  }
  return { present: false };
}

/** TDMRep locations are path patterns with `*` wildcards. */
function locationMatches(location: string, path: string): boolean {
  const re = new RegExp(
    `^${location
      .split("*")
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}`,
  );
  return re.test(path);
}

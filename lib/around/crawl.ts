import { createHash } from "node:crypto";
import robotsParser from "robots-parser";
import {
  safeFetch,
  LensFetchFailure,
  type FetchedResponse,
  type Resolver,
  LensRefusal,
  PARSE_CAP_BYTES,
  decodeText,
  isHtmlType,
  looksLikeHtml,
  parseHtml,
  scanPage,
} from "@/lib/lens";
import { crawlerUserAgent, SITE_CRAWLER_TOKEN } from "@/lib/crawlers";
import type { Firm } from "./firms";
import type { z } from "zod";
import type { AroundCrawlSchema, FirmStateSchema } from "./schemas";

export type FirmState = z.infer<typeof FirmStateSchema>;
export type AroundReport = z.infer<typeof AroundCrawlSchema>;

/** Per request (docs/owner-guide.md, around); firms are crawled in parallel, so the whole crawl takes about one site's time. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** Crawl-delay is honoured between robots.txt and the homepage, up to this. */
export const MAX_CRAWL_DELAY_S = 10;

export interface CrawlOptions {
  base: string;
  allowHosts: readonly string[];
  resolver?: Resolver;
  signal?: AbortSignal;
  now?: () => Date;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** Every firm at once (each site sees two requests, robots.txt first), through lens's guarded fetch. */
export async function crawlFirms(firms: readonly Firm[], o: CrawlOptions): Promise<AroundReport> {
  const now = o.now ?? (() => new Date());
  const states = await Promise.all(firms.map((f) => crawlFirm(f, o)));
  return {
    crawledAt: now().toISOString(),
    crawler: crawlerUserAgent(o.base),
    firms: states,
    counts: {
      firms: states.length,
      reached: states.filter((s) => s.status !== null).length,
      disallowed: states.filter((s) => s.robots.verdict === "disallowed").length,
      failed: states.filter((s) => s.status === null && s.robots.verdict !== "disallowed").length,
    },
  };
}

export async function crawlFirm(firm: Firm, o: CrawlOptions): Promise<FirmState> {
  const now = o.now ?? (() => new Date());
  const fetchOpts = {
    userAgent: crawlerUserAgent(o.base),
    allowHosts: o.allowHosts,
    resolver: o.resolver,
    signal: o.signal,
    timeoutMs: o.timeoutMs ?? REQUEST_TIMEOUT_MS,
  };
  const empty = { status: null, finalUrl: null, title: null, description: null, contentHash: null, elapsedMs: null };
  const robotsUrl = new URL("/robots.txt", firm.homepage).href;
  let robotsRes: FetchedResponse | null = null;
  let robotsError: string | null = null;
  try {
    robotsRes = await safeFetch(robotsUrl, { ...fetchOpts, accept: "text/plain,*/*;q=0.5", maxBodyBytes: 512 * 1024 });
  } catch (e) {
    robotsError = failure(e);
  }
  const robots = judgeRobots(firm.homepage, robotsRes);
  const fetchedAt = () => now().toISOString();
  if (robots.verdict === "disallowed")
    return {
      ...firm,
      fetchedAt: fetchedAt(),
      robots,
      ...empty,
      error: `robots.txt disallows ${SITE_CRAWLER_TOKEN} here (line ${robots.line}).`,
    };
  if (robots.verdict === "unknown")
    return {
      ...firm,
      fetchedAt: fetchedAt(),
      robots,
      ...empty,
      error: `robots.txt could not be read (${robotsError ?? `HTTP ${robots.status}`}); per RFC 9309 the homepage was not fetched.`,
    };
  if (robots.crawlDelay) await (o.sleep ?? sleep)(Math.min(robots.crawlDelay, MAX_CRAWL_DELAY_S) * 1000);
  try {
    const res = await safeFetch(firm.homepage, fetchOpts);
    return { ...firm, fetchedAt: fetchedAt(), robots, ...readPage(res), error: null };
  } catch (e) {
    return { ...firm, fetchedAt: fetchedAt(), robots, ...empty, error: failure(e) };
  }
}

/**
 * RFC 9309: a robots.txt answering 4xx means no rules (allowed); 5xx or no answer means
 * assume everything is disallowed (reported as unknown, and the homepage is not fetched).
 * A 2xx is parsed for our product token, falling back to `*`.
 */
export function judgeRobots(homepage: string, res: FetchedResponse | null): FirmState["robots"] {
  if (!res) return { verdict: "unknown", status: null, line: null, crawlDelay: null };
  if (res.status >= 400 && res.status < 500) return { verdict: "allowed", status: res.status, line: null, crawlDelay: null };
  if (res.status >= 500 || res.status < 200 || res.status >= 300)
    return { verdict: "unknown", status: res.status, line: null, crawlDelay: null };
  const robotsUrl = new URL("/robots.txt", res.finalUrl).href;
  const parsed = robotsParser(robotsUrl, res.body.toString("utf8"));
  // robots-parser answers undefined for a URL on another origin (a homepage redirected elsewhere is judged by its own origin's file).
  const target = new URL(new URL(homepage).pathname, robotsUrl).href;
  const allowed = parsed.isAllowed(target, SITE_CRAWLER_TOKEN);
  const line = parsed.getMatchingLineNumber(target, SITE_CRAWLER_TOKEN);
  const delay = parsed.getCrawlDelay(SITE_CRAWLER_TOKEN);
  return {
    verdict: allowed === false ? "disallowed" : "allowed",
    status: res.status,
    line: line > 0 ? line : null,
    crawlDelay: typeof delay === "number" && Number.isFinite(delay) && delay > 0 ? delay : null,
  };
}

function readPage(res: FetchedResponse): Pick<FirmState, "status" | "finalUrl" | "title" | "description" | "contentHash" | "elapsedMs"> {
  const base = { status: res.status, finalUrl: res.finalUrl, elapsedMs: res.elapsedMs };
  const type = res.headers["content-type"] ?? "";
  const text = res.bodyUnreadable ? "" : decodeText(res.body, type);
  if (!(isHtmlType(type) || (!type && looksLikeHtml(text))))
    return { ...base, title: null, description: null, contentHash: text ? hash(text.replace(/\s+/g, " ").trim()) : null };
  const scan = scanPage(parseHtml(text.slice(0, PARSE_CAP_BYTES)).doc);
  const meta = (attr: "name" | "property", value: string) =>
    scan.metas
      .find((m) => (m.attribs[attr] ?? "").toLowerCase() === value)
      ?.attribs.content?.replace(/\s+/g, " ")
      .trim() || null;
  return {
    ...base,
    title: scan.title?.replace(/\s+/g, " ").trim().slice(0, 300) || null,
    description: (meta("name", "description") ?? meta("property", "og:description"))?.slice(0, 500) ?? null,
    contentHash: hash(scan.text),
  };
}

const hash = (s: string) => `sha256:${createHash("sha256").update(s).digest("hex")}`;

function failure(e: unknown): string {
  if (e instanceof LensRefusal || e instanceof LensFetchFailure) return e.message;
  return (e as Error)?.message ?? String(e);
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

import { crawlerUserAgent } from "@/lib/crawlers";
import type { z } from "zod";
import { env } from "@/lib/env";
import { LIMITS, safeFetch, type Resolver } from "./safe-fetch";
import { discover } from "./discovery/discover";
import { defaultDnsResolver, type DnsResolver } from "./discovery/dns";
import { SUBREQUEST_CAP } from "./discovery/context";
import { signRequest } from "./identity";
import type { LensObservationSchema } from "./schemas";
import { decodeText, isBinary, isHtmlType, looksLikeHtml } from "./page/body-text";
import { framing } from "./page/framing";
import { countWords, parseHtml } from "./page/dom";
import { scanPage } from "./page/scan";
import { noStructuredData, structuredData } from "./page/structured";
import { mainContentMarkdown } from "./page/markdown";
import { directives, linksToLlmsTxt } from "./page/directives";
import { cleanedHtml, pageCost } from "./page/cost";

export type LensObservation = z.input<typeof LensObservationSchema>;

/** HTML beyond this many bytes is not parsed: the tree of a huge page would cost more memory than the page. */
export const PARSE_CAP_BYTES = 512 * 1024;

export interface ObserveOptions {
  base: string;
  signal?: AbortSignal;
  resolver?: Resolver;
  allowHosts?: readonly string[];
  timeoutMs?: number;
  /** Filled with milliseconds spent fetching and reading the page, and on the discovery pass (for Server-Timing). */
  timings?: { fetch?: number; analyze?: number; discovery?: number };
  /** DNS over HTTPS for DNS-AID and ECH; null turns DNS off. Default: LENS_DOH_URL. */
  dns?: DnsResolver | null;
  /** Sign each request as this deployment's lens (Web Bot Auth). Default: on. */
  signed?: boolean;
}

const signerFor = (o: ObserveOptions) => (o.signed === false ? undefined : (url: URL) => signRequest(url, o.base));

/**
 * The full observation: the page pass, then (unless `pageOnly`) the discovery and bot-view
 * passes on what it found, all within the one time limit counted from the page request.
 */
export async function observe(rawUrl: string, o: ObserveOptions & { pageOnly?: boolean }): Promise<LensObservation> {
  const started = performance.now();
  const page = await observePage(rawUrl, o);
  if (o.pageOnly) return page;
  const discoveryStarted = performance.now();
  const found = await discover(
    {
      url: page.url,
      finalUrl: page.finalUrl,
      status: page.status,
      headers: page.headers,
      html: page.binary ? "" : page.anatomy.rawHtml,
      relLinks: page.structured.relLinks,
      meta: page.structured.meta,
      metaRobots: page.ai.directives.metaRobots,
      xRobotsTag: page.ai.directives.xRobotsTag,
      wordCount: page.anatomy.wordCount,
      binary: page.binary,
    },
    {
      userAgent: page.fetchedBy,
      allowHosts: o.allowHosts ?? env().LENS_ALLOW_HOSTS,
      resolver: o.resolver,
      dns: o.dns === undefined ? defaultDnsResolver() : o.dns,
      signal: o.signal,
      deadline: started + (o.timeoutMs ?? LIMITS.timeoutMs),
      budget: { left: SUBREQUEST_CAP, capped: false },
      sign: signerFor(o),
    },
  );
  if (o.timings) o.timings.discovery = performance.now() - discoveryStarted;
  return {
    ...page,
    phases: { page: true, discovery: true, botViews: true, subrequestCap: found.subrequestCap, wallCheck: "no AI binding" },
    discovery: found.discovery as LensObservation["discovery"],
    wire: found.wire,
    terms: found.terms,
    agent: found.agent,
    botViews: found.botViews,
    readiness: found.readiness,
  };
}

/** One page-phase observation of `rawUrl`: a single guarded request, then everything read from it. */
export async function observePage(rawUrl: string, o: ObserveOptions): Promise<LensObservation> {
  const fetchedBy = crawlerUserAgent(o.base);
  const started = performance.now();
  const res = await safeFetch(rawUrl, {
    userAgent: fetchedBy,
    allowHosts: o.allowHosts ?? env().LENS_ALLOW_HOSTS,
    resolver: o.resolver,
    signal: o.signal,
    timeoutMs: o.timeoutMs,
    sign: signerFor(o),
  });
  const fetched = performance.now();
  const contentType = res.headers["content-type"] ?? "";
  const binary = !res.bodyUnreadable && isBinary(contentType, res.body);
  const text = res.bodyUnreadable || binary ? "" : decodeText(res.body, contentType);
  const html = !binary && !res.bodyUnreadable && (isHtmlType(contentType) || (!contentType && looksLikeHtml(text)));

  // Text bodies of any kind are read (and returned) up to the parse cap; the byte counts say so for HTML.
  const parsedText = text.length > PARSE_CAP_BYTES ? cutAtBytes(text, PARSE_CAP_BYTES) : text;
  const parsedBytes = Buffer.byteLength(parsedText);
  const parsed = html ? parseHtml(parsedText) : null;
  const doc = parsed?.doc ?? null;
  const parseTruncated = parsedText.length < text.length || Boolean(parsed?.tooDeep);
  const scan = doc ? scanPage(doc) : null;

  const structured = scan ? structuredData(scan, res.finalUrl) : noStructuredData();
  const markdown = scan && doc ? mainContentMarkdown(scan, doc, res.finalUrl) : undefined;
  const visible = scan?.text ?? collapseLines(parsedText);
  const headings = scan?.headings ?? [];
  const outline = [structured.title && `# ${structured.title}`, ...headings.map((h) => `${"#".repeat(h.level)} ${h.text}`)]
    .filter(Boolean)
    .join("\n");

  const cost =
    binary || res.bodyUnreadable
      ? null
      : pageCost(
          html ? { raw: text, html: cleanedHtml(parsedText), text: visible, markdown, outline } : { raw: text, text: visible },
          res.truncated || parseTruncated ? { parsedBytes, rawBytes: res.body.byteLength } : null,
        );

  if (o.timings) {
    o.timings.fetch = fetched - started;
    o.timings.analyze = performance.now() - fetched;
  }
  return {
    ok: true,
    url: res.url,
    finalUrl: res.finalUrl,
    redirected: res.redirects.length > 0,
    redirects: res.redirects,
    status: res.status,
    contentType,
    elapsedMs: res.elapsedMs,
    fetchedBy,
    headers: res.headers,
    binary,
    truncated: res.truncated,
    ...(res.bodyUnreadable ? { bodyUnreadable: res.bodyUnreadable } : {}),
    ...framing(res.headers),
    phases: { page: true, discovery: false, botViews: false },
    anatomy: {
      rawHtml: parsedText,
      rawBytes: res.body.byteLength,
      ...(html ? { parsedBytes, parseTruncated } : {}),
      text: visible,
      wordCount: countWords(visible),
      imgTotal: scan?.imgTotal ?? 0,
      imgNoAlt: scan?.imgNoAlt ?? 0,
      headings,
    },
    structured,
    ai: {
      ...(markdown !== undefined ? { markdown } : {}),
      llmsTxtPresent: linksToLlmsTxt(scan, res.headers),
      directives: directives(scan, res.headers),
    },
    cost,
  };
}

/** The longest prefix of `text` whose UTF-8 encoding fits in `max` bytes. */
function cutAtBytes(text: string, max: number): string {
  const buf = Buffer.from(text, "utf8").subarray(0, max);
  // A cut in the middle of a character decodes to U+FFFD at the end; drop it.
  return buf.toString("utf8").replace(/\uFFFD$/, "");
}

function collapseLines(text: string): string {
  return text
    .split("\n")
    .map((l) => l.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}

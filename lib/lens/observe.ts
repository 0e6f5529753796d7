import type { z } from "zod";
import { env } from "@/lib/env";
import { safeFetch, type Resolver } from "./safe-fetch";
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

export function crawlerUserAgent(base: string): string {
  return `Mozilla/5.0 (compatible; SiteLens/1.0; +${base}/developers#lens)`;
}

export interface ObserveOptions {
  base: string;
  signal?: AbortSignal;
  resolver?: Resolver;
  allowHosts?: readonly string[];
  timeoutMs?: number;
  /** Filled with milliseconds spent fetching and reading the page (for Server-Timing). */
  timings?: { fetch?: number; analyze?: number };
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

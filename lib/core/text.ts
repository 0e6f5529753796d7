import type { CachePolicy, HttpBinding } from "./endpoint";

export const MARKDOWN = "text/markdown; charset=utf-8";

/**
 * Text a visitor typed (a query, a filter), shown in a Markdown document as itself: one code
 * span on one line, so no link, image, HTML or heading in it is rendered or read as the
 * site's own words by a Markdown reader or an agent. The fence is one backtick longer than
 * the longest run inside; a leading or trailing backtick gets the space CommonMark strips.
 */
export function markdownLiteral(text: string): string {
  const flat = text.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, " ");
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  const pad = /^`|`$|^ .* $/.test(flat) ? " " : "";
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** Cloudflare's `x-markdown-tokens` convention: an estimate at four characters a token. */
export function markdownTokens(md: string): string {
  return String(Math.ceil(md.length / 4));
}

/** An endpoint whose data is already its bytes (Markdown, llms.txt, an Atom feed): sent as they are. */
export function textBinding(
  path: string,
  media: string,
  cache: CachePolicy,
  o: { negotiated?: boolean; etag?: boolean } = {},
): HttpBinding<unknown, string> {
  return {
    path,
    media,
    cache,
    encode: (s) => s,
    ...(media.startsWith("text/markdown") ? { headers: (s: string) => ({ "x-markdown-tokens": markdownTokens(s) }) } : {}),
    ...o,
  };
}

import type { CachePolicy, HttpBinding } from "./endpoint";

export const MARKDOWN = "text/markdown; charset=utf-8";

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

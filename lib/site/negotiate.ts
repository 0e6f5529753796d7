/**
 * Which representation the client asked for. Only media types the client names count as
 * "asked for"; wildcards express no preference, so `*\/*` falls back to the path's default.
 */
export type Format = "html" | "json" | "markdown";

// The Accept parsing is shared with server.mjs, which answers twins before Next.
export { explicitPreference, parseAccept, wantsMarkdown } from "./page-routing.mjs";
import { explicitPreference } from "./page-routing.mjs";

export function looksLikeApiPath(pathname: string): boolean {
  return /\.json$/i.test(pathname) || /^\/(api|v1)(\/|$)/i.test(pathname);
}

/** The format of an error page: the spec's 404 rules. */
export function errorFormat(accept: string | null, pathname: string): Format {
  const p = explicitPreference(accept);
  if (p.markdown > 0 && p.markdown >= p.html && p.markdown >= p.json) return "markdown";
  if (p.json > 0 && p.json >= p.html) return "json";
  if (p.html > 0) return "html";
  if (/\.md$/i.test(pathname)) return "markdown";
  return looksLikeApiPath(pathname) ? "json" : "html";
}

/**
 * Which representation the client asked for. Only media types the client names count as
 * "asked for"; wildcards express no preference, so `*\/*` falls back to the path's default.
 * Free of the app's state: the edge (lib/edge/twins.ts) decides twins with it too.
 */
export type Format = "html" | "json" | "markdown";

/** Accepted media types with their q values (wildcards are kept as they are). */
export function parseAccept(accept: string | null): Map<string, number> {
  const out = new Map<string, number>();
  for (const part of (accept ?? "").split(",")) {
    const [type, ...params] = part.trim().toLowerCase().split(";");
    if (!type) continue;
    let q = 1;
    for (const p of params) {
      const [k, v] = p.trim().split("=");
      if (k === "q") q = Number.isFinite(Number(v)) ? Math.min(1, Math.max(0, Number(v))) : 1;
    }
    out.set(type.trim(), Math.max(q, out.get(type.trim()) ?? 0));
  }
  return out;
}

/** How much the client asked for each format by name (wildcards express no preference). */
export function explicitPreference(accept: string | null): Record<Format, number> {
  const a = parseAccept(accept);
  return {
    html: Math.max(a.get("text/html") ?? 0, a.get("application/xhtml+xml") ?? 0),
    json: Math.max(a.get("application/json") ?? 0, a.get("application/problem+json") ?? 0),
    markdown: Math.max(a.get("text/markdown") ?? 0, a.get("text/x-markdown") ?? 0),
  };
}

/** True when Markdown is named and ranked at or above HTML (the twins rule). */
export function wantsMarkdown(accept: string | null): boolean {
  const p = explicitPreference(accept);
  return p.markdown > 0 && p.markdown >= p.html;
}

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

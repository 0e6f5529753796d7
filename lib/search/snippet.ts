/**
 * A short extract of `text` around the first place where a matched term occurs, cut at
 * word boundaries, with ellipses where it was cut. Falls back to the opening of the text.
 */
export function snippet(text: string, terms: string[], width = 180): string {
  return matchedSnippet(text, terms, width) ?? cut(text.replace(/\s+/g, " ").trim(), 0, width);
}

/** Like snippet, but null when no term occurs in the text (callers then choose their own fallback). */
export function matchedSnippet(text: string, terms: string[], width = 180): string | null {
  const { flat, lower } = flattened(text);
  const unique = [...new Set(terms.filter(Boolean))].sort((a, b) => b.length - a.length);
  // One pass with an alternation finds the earliest word that starts with any term.
  const m = unique.length ? new RegExp(`(^|[^\\p{L}\\p{N}])(?:${unique.map(escapeRe).join("|")})`, "u").exec(lower) : null;
  if (!m) return null;
  if (flat.length <= width) return flat;
  const at = m.index + m[1].length;
  const start = Math.max(0, at - Math.floor(width / 3));
  return cut(flat, start, start + width);
}

/**
 * A page's text on one line, and lowercased, made once per text: the pages never change
 * while the server runs, and /ask cuts ten snippets per answer from texts of up to 40 KB.
 */
const FLAT_CACHE = new Map<string, { flat: string; lower: string }>();
function flattened(text: string): { flat: string; lower: string } {
  let hit = FLAT_CACHE.get(text);
  if (!hit) {
    const flat = text.replace(/\s+/g, " ").trim();
    hit = { flat, lower: flat.toLowerCase() };
    if (FLAT_CACHE.size >= 1024) FLAT_CACHE.delete(FLAT_CACHE.keys().next().value!);
    FLAT_CACHE.set(text, hit);
  }
  return hit;
}

function cut(text: string, start: number, end: number): string {
  let s = start;
  let e = Math.min(text.length, end);
  if (s > 0) {
    const space = text.indexOf(" ", s);
    s = space >= 0 && space < e ? space + 1 : s;
  }
  if (e < text.length) {
    const space = text.lastIndexOf(" ", e);
    e = space > s ? space : e;
  }
  return `${s > 0 ? "…" : ""}${text.slice(s, e).replace(/[\s,;:]+$/, "")}${e < text.length ? "…" : ""}`;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

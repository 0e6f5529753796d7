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
  const at = firstWordStart(lower, terms);
  if (at < 0) return null;
  if (flat.length <= width) return flat;
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

const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * Where the earliest word that starts with any of `terms` begins in `lower`, or -1. Found
 * with indexOf per term, which jumps straight to the candidates, rather than one Unicode
 * regex alternation, which tries its word-boundary class at every position of a long text
 * (bench/HISTORY.md#snippet-indexof).
 */
export function firstWordStart(lower: string, terms: string[]): number {
  let best = -1;
  for (const term of new Set(terms)) {
    if (!term) continue;
    for (let i = lower.indexOf(term); i >= 0 && (best < 0 || i < best); i = lower.indexOf(term, i + 1)) {
      if (i === 0 || !WORD_CHAR.test(charBefore(lower, i))) {
        best = i;
        break;
      }
    }
  }
  return best;
}

/** The whole character before index `i` (both halves of a surrogate pair). */
function charBefore(s: string, i: number): string {
  const low = s.charCodeAt(i - 1);
  return low >= 0xdc00 && low <= 0xdfff && i >= 2 ? s.slice(i - 2, i) : s[i - 1];
}

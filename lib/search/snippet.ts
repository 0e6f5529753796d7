/**
 * A short extract of `text` around the first place where a matched term occurs, cut at
 * word boundaries, with ellipses where it was cut. Falls back to the opening of the text.
 */
export function snippet(text: string, terms: string[], width = 180): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= width) return flat;
  const lower = flat.toLowerCase();
  let at = -1;
  for (const term of [...terms].sort((a, b) => b.length - a.length)) {
    const re = new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRe(term)}`, "u");
    const m = re.exec(lower);
    if (m && (at < 0 || m.index < at)) at = m.index + m[1].length;
  }
  if (at < 0) return cut(flat, 0, width);
  const start = Math.max(0, at - Math.floor(width / 3));
  return cut(flat, start, start + width);
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

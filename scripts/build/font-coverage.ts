/**
 * Which characters a set of fonts can draw, as code point ranges. The share cards are drawn
 * from the site's own font files only (scripts/build/og-images.ts), so what those files cover,
 * as Fontsource's unicode-range table gives it, is what a card can show.
 */

/** Sorted, disjoint, inclusive code point ranges. */
export type Coverage = [number, number][];

/** Ranges in any order, overlapping or touching, as one sorted disjoint list. */
export function merged(ranges: readonly [number, number][]): Coverage {
  const out: Coverage = [];
  for (const [lo, hi] of [...ranges].filter(([lo, hi]) => lo <= hi).sort((a, b) => a[0] - b[0])) {
    const last = out.at(-1);
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

/** A CSS unicode-range ("U+0000-00FF,U+0131") as coverage. */
export function unicodeRanges(css: string): Coverage {
  return merged(
    css
      .split(",")
      .map((r) => r.trim().replace(/^U\+/i, ""))
      .filter((r) => /^[0-9a-f]+(-[0-9a-f]+)?$/i.test(r))
      .map((r) => {
        const [lo, hi] = r.split("-").map((h) => parseInt(h, 16));
        return [lo, hi ?? lo] as [number, number];
      }),
  );
}

export function covers(coverage: Coverage, codePoint: number): boolean {
  let lo = 0;
  let hi = coverage.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (codePoint < coverage[mid][0]) hi = mid - 1;
    else if (codePoint > coverage[mid][1]) lo = mid + 1;
    else return true;
  }
  return false;
}

/**
 * The characters of `text` no font covers, each once, in order. Spaces, controls and the
 * joiners and variation selectors that shape emoji are not drawn themselves.
 */
export function undrawable(text: string, coverage: Coverage): string[] {
  const missing = new Set<string>();
  for (const ch of text) {
    if (/[\s\p{Cc}\p{Cf}\p{Mn}\u{fe00}-\u{fe0f}]/u.test(ch)) continue;
    if (!covers(coverage, ch.codePointAt(0)!)) missing.add(ch);
  }
  return [...missing];
}

import { execFile } from "node:child_process";
import { promisify } from "node:util";

/**
 * Which characters the machine's fonts can draw. The share cards are SVG drawn by sharp
 * (librsvg and Pango), which take any installed font that has a glyph, through fontconfig;
 * a character no installed font has is drawn as a box with its code inside. So the union of
 * every installed font's character set, as fontconfig reports it, is what a card can show.
 */

/** Sorted, disjoint, inclusive code point ranges. */
export type Coverage = [number, number][];

/** fontconfig's charset format, one font per line: hex code points and ranges ("20-7e a0 100-17f"). */
export function parseCharsets(text: string): Coverage {
  const ranges: [number, number][] = [];
  for (const token of text.split(/\s+/)) {
    const m = /^([0-9a-f]+)(?:-([0-9a-f]+))?$/i.exec(token);
    if (!m) continue;
    const lo = parseInt(m[1], 16);
    const hi = m[2] ? parseInt(m[2], 16) : lo;
    if (lo <= hi) ranges.push([lo, hi]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Coverage = [];
  for (const [lo, hi] of ranges) {
    const last = merged.at(-1);
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else merged.push([lo, hi]);
  }
  return merged;
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

/** Every installed font's characters, from `fc-list`; null when fontconfig's tools are not installed. */
export async function installedCoverage(): Promise<Coverage | null> {
  try {
    const { stdout } = await promisify(execFile)("fc-list", ["--format", "%{charset}\n"], { maxBuffer: 64 * 1024 * 1024 });
    return parseCharsets(stdout);
  } catch {
    return null;
  }
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

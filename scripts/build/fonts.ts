import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import subsetFont from "subset-font";
import type { Doc } from "@/lib/content/types";
import { writeAtomic } from "./write";

const require = createRequire(import.meta.url);

/**
 * The site's typeface cut down to what its pages say. Source Serif 4 is a variable font of
 * every weight (200–900) and the whole Latin block; the pages use weights 400 and 600
 * (globals.css) and a hundred-odd characters, so the file the app preloads (app/fonts.ts) is
 * that cut, and the italic is cut to the characters set in italics. The full files stay
 * behind them in the font stacks, so a character a page adds later is still drawn in the
 * site's type (fetched only by a page that needs it).
 */
export const FONT_SUBSETS = [
  {
    file: "source-serif-4.woff2",
    source: "@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2",
    text: "all",
    // Text at 400, headings and bold at 600 (globals.css): 1 KB less than 400–700.
    wght: { min: 400, max: 600 },
  },
  // Emphasis in running text is regular weight: one instance, not the axis.
  {
    file: "source-serif-4-italic.woff2",
    source: "@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-italic.woff2",
    text: "italic",
    wght: 400,
  },
] as const;

/**
 * No layout closure: only the characters' own glyphs, not the alternates, fractions and
 * ligatures the fonts' features reach (a third of each file); kerning stays.
 */
const SUBSET_OPTIONS = { targetFormat: "woff2", noLayoutClosure: true } as const;

/** Where the build writes them; app/fonts.ts names these files. */
export const FONTS_DIR = "fonts";

/**
 * What the site's own chrome prints besides its content (menus, dates, pagers, the photo
 * pages' settings): printable ASCII and the typography the components use.
 */
export const UI_CHARACTERS = `${String.fromCharCode(...Array.from({ length: 95 }, (_, i) => 32 + i))}\u00a0←→↑↓·…“”‘’–—×−±©®°½⅓⅔¼¾éü`;

/** Every character a page of this build shows, and those shown in italics. */
export function siteCharacters(pages: readonly Doc[], more: readonly string[]): { all: string; italic: string } {
  const all = new Set(UI_CHARACTERS);
  const italic = new Set(" ");
  for (const d of pages) for (const t of [d.title, d.description, d.text, ...d.headings.map((h) => h.text)]) for (const c of t) all.add(c);
  for (const t of more) for (const c of t) all.add(c);
  for (const d of pages)
    for (const m of d.html.matchAll(/<(em|i|cite)\b[^>]*>([\s\S]*?)<\/\1>/g)) for (const c of m[2].replace(/<[^>]*>/g, "")) italic.add(c);
  const sorted = (s: Set<string>) =>
    [...s]
      .filter((c) => !/[\n\r\t]/.test(c))
      .sort()
      .join("");
  return { all: sorted(all), italic: sorted(italic) };
}

/**
 * Writes each subset to `<outDir>/fonts/`, unless the characters and settings are those of the
 * files already there (a stamp beside them says which). Returns the bytes written, or 0.
 */
export async function writeFontSubsets(
  chars: { all: string; italic: string },
  outDir: string,
): Promise<{ bytes: number; skipped: boolean }> {
  const dir = path.join(outDir, FONTS_DIR);
  const stamp = createHash("sha256").update(JSON.stringify({ chars, FONT_SUBSETS, SUBSET_OPTIONS })).digest("hex");
  const stampFile = path.join(dir, "stamp.txt");
  const had = await readFile(stampFile, "utf8").catch(() => "");
  const present = await Promise.all(
    FONT_SUBSETS.map((f) => f.file).map((f) =>
      readFile(path.join(dir, f)).then(
        () => true,
        () => false,
      ),
    ),
  );
  if (had === stamp && present.every(Boolean)) return { bytes: 0, skipped: true };
  let bytes = 0;
  for (const f of FONT_SUBSETS) {
    const font = await readFile(require.resolve(f.source));
    const out = await subsetFont(font, chars[f.text], { ...SUBSET_OPTIONS, variationAxes: { wght: f.wght } });
    await writeAtomic(path.join(dir, f.file), out);
    bytes += out.length;
  }
  await writeAtomic(stampFile, stamp);
  return { bytes, skipped: false };
}

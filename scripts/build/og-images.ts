import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";
import subsetFont from "subset-font";
import * as hb from "harfbuzzjs";
import { OG_CARD, ogCardPath } from "@/lib/site/og";
import { covers, merged, unicodeRanges, type Coverage } from "./font-coverage";

const require = createRequire(import.meta.url);

export interface Card {
  path: string;
  title: string;
  label: string;
  /** A line under the title (the home card's introduction). */
  lede?: string;
  /** Photo files (JPEG renditions) shown beside the text: the home page's and the gallery's latest. */
  photos?: string[];
}

/**
 * The faces a card is drawn in: the site's own, Source Serif 4, from the Fontsource variable
 * file the pages use (app/fonts.ts): the title at the weight of the pages' headings, the label
 * bold, the name and host regular. Each with every script subset Fontsource has, Latin first,
 * for a title in another alphabet. (The pages' chrome is in the visitor's system sans, which a
 * card drawn at build time cannot know.)
 */
export const CARD_FACES = {
  label: { family: "Source Serif 4", pkg: "source-serif-4", wght: 700 },
  body: { family: "Source Serif 4", pkg: "source-serif-4", wght: 400 },
  title: { family: "Source Serif 4", pkg: "source-serif-4", wght: 600 },
} as const;
type Role = keyof typeof CARD_FACES;

/** Fontsource's subsets of a family, Latin first, each with the code points it covers (its unicode.json). */
function subsetsOf(pkg: string): { file: string; coverage: Coverage }[] {
  const table = JSON.parse(readFileSync(require.resolve(`@fontsource-variable/${pkg}/unicode.json`), "utf8")) as Record<string, string>;
  return Object.entries(table)
    .sort(([a], [b]) => (a === "latin" ? -1 : b === "latin" ? 1 : 0))
    .map(([name, ranges]) => ({
      file: path.join(
        path.dirname(require.resolve(`@fontsource-variable/${pkg}/unicode.json`)),
        "files",
        `${pkg}-${name}-wght-normal.woff2`,
      ),
      coverage: unicodeRanges(ranges),
    }))
    .filter((s) => existsSync(s.file));
}

/** Every code point the card fonts draw: what a card can show (scripts/build/site.ts names what it cannot). */
export function cardCoverage(): Coverage {
  return merged(Object.values(CARD_FACES).flatMap((f) => subsetsOf(f.pkg).flatMap((s) => s.coverage)));
}

/** One face HarfBuzz shapes and draws with: a Fontsource subset file at the card's weight, cut to the cards' characters. */
export interface Face {
  file: string;
  /** The family the font file names itself (its name table). */
  family: string;
  weight: number;
  font: hb.Font;
  upem: number;
  has: Set<number>;
}

/**
 * The renderer's fonts: for each role, the subsets of its family that hold any of `text`'s
 * characters, cut to them and handed to HarfBuzz at the role's weight. Nothing else draws a
 * card's letters (no system font, no fontconfig): what the files lack is left out.
 */
export async function cardFonts(text: string): Promise<Record<Role, Face[]>> {
  const points = [...new Set([...text].map((c) => c.codePointAt(0)!))];
  const out = {} as Record<Role, Face[]>;
  for (const [role, spec] of Object.entries(CARD_FACES) as [Role, (typeof CARD_FACES)[Role]][]) {
    out[role] = [];
    for (const s of subsetsOf(spec.pkg)) {
      const mine = points.filter((p) => covers(s.coverage, p));
      if (!mine.length) continue;
      const ttf = await subsetFont(await readFile(s.file), String.fromCodePoint(...mine, 0x20), {
        targetFormat: "truetype",
        variationAxes: { wght: spec.wght },
      });
      const face = new hb.Face(new hb.Blob(ttf));
      const font = new hb.Font(face);
      out[role].push({
        file: s.file,
        family: face.getName(1, "en"),
        weight: spec.wght,
        font,
        upem: face.upem,
        has: new Set(face.collectUnicodes()),
      });
    }
  }
  return out;
}

/** Text set in a face list at a size: SVG path data per glyph (already placed) and the advance. */
function shape(faces: Face[], text: string, size: number, tracking = 0): { d: string; width: number } {
  let x = 0;
  let d = "";
  // Runs of the first face that has each character (a space stays with the run it is in).
  const runs: { face: Face; text: string }[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const face = /\s/.test(ch) && runs.length ? runs.at(-1)!.face : faces.find((f) => f.has.has(cp));
    if (!face) continue;
    if (runs.at(-1)?.face === face) runs.at(-1)!.text += ch;
    else runs.push({ face, text: ch });
  }
  for (const run of runs) {
    const k = size / run.face.upem;
    const buffer = new hb.Buffer();
    buffer.addText(run.text);
    buffer.guessSegmentProperties();
    hb.shape(run.face.font, buffer);
    const positions = buffer.getGlyphPositions();
    for (const [i, glyph] of buffer.getGlyphInfos().entries()) {
      const p = positions[i];
      d += glyphPath(run.face.font.glyphToJson(glyph.codepoint), x + p.xOffset * k, -p.yOffset * k, k);
      x += p.xAdvance * k + tracking;
    }
  }
  return { d, width: x - (text ? tracking : 0) };
}

/** A glyph's outline (font units, y up) scaled by `k` and moved to (dx, dy), y down, as SVG path data. */
function glyphPath(commands: { type: string; values: number[] }[], dx: number, dy: number, k: number): string {
  const r = (n: number) => Math.round(n * 100) / 100;
  return commands.map((c) => c.type + c.values.map((n, i) => (i % 2 === 0 ? r(dx + n * k) : r(dy - n * k))).join(" ")).join("");
}

/** Greedy word wrap by shaped width to at most `max` lines, the last one cut with an ellipsis. */
function wrapShaped(faces: Face[], text: string, size: number, width: number, max: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && shape(faces, next, size).width > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  let last = kept[max - 1];
  while (last && shape(faces, `${last}…`, size).width > width) last = last.replace(/\s*\S+$/, "");
  kept[max - 1] = `${last}…`;
  return kept;
}

/** How cards are drawn, in the og-images stage's hash: change it when the drawing changes, so cards are drawn again. */
export const CARD_STYLE = "3: the site's serif shaped by HarfBuzz; photos on the home and gallery cards and a page's own photograph";

const COLOURS = { bg: "#fbfaf7", fg: "#1d1c1a", muted: "#5d5a53", rule: "#e4e0d7", accent: "#9a3412" };

/**
 * One card as SVG, every letter a path drawn from the site's fonts: the section, the title
 * large in the serif, a line under it where there is one, the site's name and host at the
 * foot, and the photos given in a column (home) or a grid (the gallery) on the right.
 */
export async function cardSvg(card: Card, site: { name: string; host: string }, fonts: Record<Role, Face[]>): Promise<string> {
  const { width, height } = OG_CARD;
  const photos = card.photos ?? [];
  const textRight = photos.length ? 660 : 1120;
  const long = card.title.length > 60;
  const size = photos.length ? (card.title.length > 30 ? 52 : 68) : long ? 54 : 66;
  const lines = wrapShaped(fonts.title, card.title, size, textRight - 80, card.lede ? 2 : 4);
  const ledeSize = 30;
  const lede = card.lede ? wrapShaped(fonts.body, card.lede, ledeSize, textRight - 80, 3) : [];
  const block = lines.length * size * 1.15 + (lede.length ? 24 + lede.length * ledeSize * 1.35 : 0);
  let y = 300 - block / 2 + size * 0.8;
  const text: string[] = [];
  const put = (
    faces: Face[],
    s: string,
    px: number,
    x: number,
    baseline: number,
    fill: string,
    tracking = 0,
    anchor: "start" | "end" = "start",
  ) => {
    const shaped = shape(faces, s, px, tracking);
    const left = anchor === "end" ? x - shaped.width : x;
    text.push(`<path fill="${fill}" transform="translate(${Math.round(left)} ${Math.round(baseline)})" d="${shaped.d}"/>`);
  };
  put(fonts.label, card.label.toUpperCase(), 28, 80, 110, COLOURS.accent, 2);
  for (const l of lines) {
    put(fonts.title, l, size, 80, y, COLOURS.fg);
    y += size * 1.15;
  }
  y += lede.length ? 24 : 0;
  for (const l of lede) {
    put(fonts.body, l, ledeSize, 80, y, COLOURS.muted);
    y += ledeSize * 1.35;
  }
  // The home card's title is the name already.
  if (card.path !== "/") put(fonts.label, site.name, 30, 80, 575, COLOURS.fg);
  put(fonts.body, site.host, 26, 1120, 575, COLOURS.muted, 0, "end");
  const images = await photoTiles(photos, { x: 700, y: 60, w: 420, h: 420 });
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="${COLOURS.bg}"/>
  <rect x="0" y="0" width="16" height="${height}" fill="${COLOURS.accent}"/>
  ${images}
  ${text.join("\n  ")}
  <rect x="80" y="520" width="1040" height="2" fill="${COLOURS.rule}"/>
</svg>`;
}

/** Up to four photos in a box: one fills it, two or three stand side by side, four make a grid. */
async function photoTiles(files: string[], box: { x: number; y: number; w: number; h: number }): Promise<string> {
  const shown = files.slice(0, 4);
  if (!shown.length) return "";
  const gap = 12;
  const cols = shown.length === 4 ? 2 : shown.length;
  const rows = shown.length === 4 ? 2 : 1;
  const w = (box.w - gap * (cols - 1)) / cols;
  const h = (box.h - gap * (rows - 1)) / rows;
  const tiles = await Promise.all(
    shown.map(async (file, i) => {
      const x = box.x + (i % cols) * (w + gap);
      const y = box.y + Math.floor(i / cols) * (h + gap);
      const jpeg = await sharp(file)
        .resize(Math.round(w * 1.5), Math.round(h * 1.5), { fit: "cover" })
        .jpeg({ quality: 80 })
        .toBuffer();
      return `<clipPath id="t${i}"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10"/></clipPath><image clip-path="url(#t${i})" x="${x}" y="${y}" width="${w}" height="${h}" preserveAspectRatio="xMidYMid slice" xlink:href="data:image/jpeg;base64,${jpeg.toString("base64")}"/>`;
    }),
  );
  return tiles.join("\n  ");
}

/**
 * Every card as a PNG under `<publicDir>/og/` (served at /generated/og/…), rendered by
 * sharp from SVG, two at a time (libvips threads each). Truecolour at zlib level 6: a
 * palette would halve the bytes but cost several times the encoding, on every page's card
 * (bench/HISTORY.md#og-png-encoding).
 */
export async function writeOgImages(cards: Card[], publicDir: string, site: { name: string; host: string }): Promise<number> {
  const root = path.join(publicDir, "og");
  await rm(root, { recursive: true, force: true });
  const fonts = await cardFonts(
    cards.map((c) => `${c.label.toUpperCase()} ${c.title} ${c.lede ?? ""}`).join(" ") + ` ${site.name} ${site.host}`,
  );
  let bytes = 0;
  const queue = [...cards];
  const worker = async () => {
    for (let card = queue.shift(); card; card = queue.shift()) {
      const file = path.join(publicDir, ogCardPath(card.path).replace(/^\/generated\//, ""));
      await mkdir(path.dirname(file), { recursive: true });
      const png = await sharp(Buffer.from(await cardSvg(card, site, fonts)))
        .png({ compressionLevel: 6 })
        .toBuffer();
      bytes += png.length;
      await writeFile(file, png);
    }
  };
  await Promise.all(Array.from({ length: 2 }, worker));
  return bytes;
}

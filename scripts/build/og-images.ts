import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { OG_CARD, ogCardPath } from "@/lib/site/og";

export interface Card {
  path: string;
  title: string;
  label: string;
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Greedy word wrap to at most `max` lines of `width` characters, the last one cut with an ellipsis. */
export function wrap(text: string, width: number, max: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && (line + " " + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  kept[max - 1] = `${kept[max - 1].slice(0, width - 1).replace(/\s+\S*$/, "")}…`;
  return kept;
}

/**
 * One card as SVG: the section, the page title large, the site's name and host at the
 * foot. DejaVu (any Debian) is named first so every build machine draws the same letters.
 */
export function cardSvg(card: Card, site: { name: string; host: string }): string {
  const { width, height } = OG_CARD;
  const long = card.title.length > 60;
  const size = long ? 52 : 62;
  const lines = wrap(card.title, long ? 32 : 27, 4);
  const top = 250 - ((lines.length - 1) * size * 1.15) / 2;
  const font = `'DejaVu Sans', 'Helvetica Neue', Arial, sans-serif`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="#fbfaf7"/>
  <rect x="0" y="0" width="16" height="${height}" fill="#9a3412"/>
  <text x="80" y="110" font-family="${font}" font-size="30" font-weight="700" fill="#9a3412" letter-spacing="2">${esc(card.label.toUpperCase())}</text>
  ${lines
    .map(
      (l, i) =>
        `<text x="80" y="${Math.round(top + i * size * 1.15 + size)}" font-family="${font}" font-size="${size}" font-weight="700" fill="#1d1c1a">${esc(l)}</text>`,
    )
    .join("\n  ")}
  <rect x="80" y="520" width="1040" height="2" fill="#e4e0d7"/>
  <text x="80" y="575" font-family="${font}" font-size="30" font-weight="700" fill="#1d1c1a">${esc(site.name)}</text>
  <text x="1120" y="575" font-family="${font}" font-size="26" fill="#5d5a53" text-anchor="end">${esc(site.host)}</text>
</svg>`;
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
  let bytes = 0;
  const queue = [...cards];
  const worker = async () => {
    for (let card = queue.shift(); card; card = queue.shift()) {
      const file = path.join(publicDir, ogCardPath(card.path).replace(/^\/generated\//, ""));
      await mkdir(path.dirname(file), { recursive: true });
      const png = await sharp(Buffer.from(cardSvg(card, site)))
        .png({ compressionLevel: 6 })
        .toBuffer();
      bytes += png.length;
      await writeFile(file, png);
    }
  };
  await Promise.all(Array.from({ length: 2 }, worker));
  return bytes;
}

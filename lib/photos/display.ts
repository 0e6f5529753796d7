import { exifDay, readableDate } from "@/lib/content/dates";
import type { PhotoMetadata } from "./schema";
import { signed } from "./fujifilm-labels";
import type { PhotoEntry, RenditionName } from "./types";

/** Exposure fields the recipe card already carries under its own name; shown there only, so each value appears once. */
const IN_RECIPE: Record<string, string> = { ISO: "ISO", "Exposure compensation": "Exposure Compensation" };

/** The exposure data shown beside a photo: only what the camera recorded and the recipe card does not already say. */
export function exposureRows(m: PhotoMetadata): [string, string][] {
  const rows: [string, unknown][] = [
    ["Camera", m.camera],
    ["Lens", m.lens],
    ["Aperture", m.aperture],
    ["Shutter", m.shutter],
    ["Focal length", m.focal],
    ["ISO", m.iso],
    ["Exposure compensation", typeof m.ev === "number" ? evText(m.ev) : m.ev],
  ];
  return rows
    .filter(([k, v]) => v !== null && v !== undefined && v !== "" && !(IN_RECIPE[k] && m.recipe && IN_RECIPE[k] in m.recipe))
    .map(([k, v]) => [k, String(v)]);
}

/** The recipe card's rows, as the camera's own setting names. */
export function recipeRows(m: PhotoMetadata): [string, string][] {
  return m.recipe
    ? Object.entries(m.recipe).map(([k, v]) => [
        k,
        k === "Exposure Compensation" && /^[+-]?\d+(\.\d+)?$/.test(String(v)) ? evText(Number(v)) : String(v),
      ])
    : [];
}

const FRACTIONS: Record<string, string> = { "0.33": "⅓", "0.67": "⅔", "0.5": "½", "0.25": "¼", "0.75": "¾" };

/**
 * Exposure compensation as a photographer writes it: "+⅓", "−⅔", "−1⅔", "+1", "0" (a true
 * minus sign). The data keeps the camera's number ("-0.67"), which filters can type.
 */
export function evText(n: number): string {
  if (n === 0) return "0";
  const whole = Math.trunc(Math.abs(n));
  const frac = FRACTIONS[String(Number((Math.abs(n) - whole).toFixed(2)))];
  const body = frac ? `${whole || ""}${frac}` : signed(Math.abs(n));
  return `${n > 0 ? "+" : "\u2212"}${body.replace(/^\+/, "")}`;
}

/** The day a photo was taken: ISO ("2024-03-16") for `datetime`, and as a visitor reads it. */
export function photoDay(m: PhotoMetadata): { iso: string; text: string } | undefined {
  const iso = exifDay(m.date);
  const text = iso ? readableDate(iso) : undefined;
  return iso && text ? { iso, text } : undefined;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A photo's title: the one its sidecar gives, else the first clause of its caption (without a
 * "Label:" prefix), else its file name in words ("demo-01-harbour-dusk" → "Harbour dusk").
 * Never the film simulation.
 */
export function photoTitle(photo: Pick<PhotoEntry, "stem" | "alt" | "title">): string {
  if (photo.title) return photo.title;
  const caption = (photo.alt ?? "").replace(/^[^:]{1,24}:\s*/, "").trim();
  const clause =
    caption
      .split(/[,;.!?—–]\s/)[0]
      ?.replace(/[.!?]$/, "")
      .trim() ?? "";
  if (clause.length >= 3 && clause.length <= 70) return capitalise(clause);
  const words = photo.stem
    .replace(/^(demo|img|dscf?|photo)[-_]?/i, "")
    // A date first, as photos/README.md suggests naming files ("2025-05-04-red-hook-pier"): the page shows the date anyway.
    .replace(/^\d{4}[-_]?\d{2}[-_]?\d{2}[-_]/, "")
    .replace(/^\d+[-_]/, "")
    .replace(/[-_]+/g, " ")
    .trim();
  // A camera's own name ("DSCF0042") has no words to show: keep it whole.
  return /[a-z]/i.test(words) ? capitalise(words) : photo.stem;
}

/** The photos before and after this one, in gallery order (the manifest's order). */
export function photoNeighbours<T extends { stem: string }>(photos: T[], stem: string): { prev?: T; next?: T } {
  const i = photos.findIndex((p) => p.stem === stem);
  if (i < 0) return {};
  return { prev: i > 0 ? photos[i - 1] : undefined, next: i < photos.length - 1 ? photos[i + 1] : undefined };
}

/**
 * A `srcset` of the renditions given, smallest first. A photo narrower than a rendition's
 * target gets that rendition at its own width, so two may share one; a width listed twice
 * makes the srcset invalid, so the later (larger) rendition is kept.
 */
export function srcSet(photo: Pick<PhotoEntry, "thumb" | "sizes">, names: RenditionName[]): string {
  const byWidth = new Map<number, string>();
  for (const n of names) {
    const url = photo.thumb[n];
    const size = photo.sizes[n];
    if (url && size) byWidth.set(size.width, url);
  }
  return [...byWidth].map(([width, url]) => `${url} ${width}w`).join(", ");
}

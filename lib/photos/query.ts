import { STOPWORDS, tokenize } from "@/lib/search/engine";
import type { PhotoEntry } from "./types";
import type { PhotoMetadata } from "./schema";

export interface PhotoQueryInput {
  q?: string;
  camera?: string;
  lens?: string;
  film?: string;
  recipe?: string;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

export type RankingMode = "filters-only" | "no-terms" | "all-terms" | "partial" | "no-match";

export interface PhotoOut {
  stem: string;
  alt?: string;
  full: string | null;
  thumb: { avif: string | null; jpg: string | null; small: string | null; xs: string | null };
  metadata: PhotoMetadata;
  score?: number;
  matched?: string[];
}

export interface PhotoQueryResult {
  total: number;
  photos: PhotoOut[];
  query: Record<"q" | "camera" | "lens" | "film" | "recipe" | "from" | "to", string>;
  ranking: { mode: RankingMode; terms: string[]; semantic: boolean; dropped?: string[]; common?: string[] };
  offset: number;
  limit: number;
}

const MAX_TERMS = 12;
/** A term in more than this share of all captions says nothing about a photo. */
const COMMON_SHARE = 0.6;
const COMMON_MIN_PHOTOS = 5;

/** Caption words, lowercased; a query term matches a word equal to it, or starting with it when it has 4+ letters. */
interface Indexed {
  entry: PhotoEntry;
  words: string[];
  day: string | null;
  haystacks: { camera: string; lens: string; film: string; recipe: string };
}

export function indexPhotos(entries: PhotoEntry[]): Indexed[] {
  return entries.map((entry) => {
    const m = entry.metadata;
    const recipe = m.recipe
      ? Object.entries(m.recipe)
          .map(([k, v]) => `${k}: ${v ?? ""}`)
          .join("\n")
      : "";
    return {
      entry,
      words: tokenize(entry.alt ?? ""),
      day: typeof m.date === "string" && /^\d{4}:\d{2}:\d{2}/.test(m.date) ? m.date.slice(0, 10).replace(/:/g, "-") : null,
      haystacks: {
        camera: (m.camera ?? "").toLowerCase(),
        lens: (m.lens ?? "").toLowerCase(),
        film: (m.film ?? "").toLowerCase(),
        recipe: recipe.toLowerCase(),
      },
    };
  });
}

const hasTerm = (words: string[], term: string) => words.some((w) => w === term || (term.length >= 4 && w.startsWith(term)));

/**
 * The photo query /photos/query.json documents: text filters are case-insensitive substrings, dates are
 * inclusive days, and `q` ranks by caption words (rarer words weigh more). Terms that
 * match no caption are dropped, terms in most captions are set aside as too common,
 * and `ranking.mode` says what happened.
 */
export function queryPhotos(index: Indexed[], input: PhotoQueryInput): PhotoQueryResult {
  const query = {
    q: input.q ?? "",
    camera: input.camera ?? "",
    lens: input.lens ?? "",
    film: input.film ?? "",
    recipe: input.recipe ?? "",
    from: input.from ?? "",
    to: input.to ?? "",
  };
  const filtered = index.filter((p) => {
    for (const key of ["camera", "lens", "film", "recipe"] as const) {
      const want = query[key].toLowerCase();
      if (want && !p.haystacks[key].includes(want)) return false;
    }
    if (query.from && (!p.day || p.day < query.from)) return false;
    if (query.to && (!p.day || p.day > query.to)) return false;
    return true;
  });

  const page = (rows: { p: Indexed; score?: number; matched?: string[] }[], ranking: PhotoQueryResult["ranking"]): PhotoQueryResult => ({
    total: rows.length,
    photos: rows.slice(input.offset, input.offset + input.limit).map(({ p, score, matched }) => toPhoto(p.entry, score, matched)),
    query,
    ranking,
    offset: input.offset,
    limit: input.limit,
  });

  if (!query.q)
    return page(
      filtered.map((p) => ({ p })),
      { mode: "filters-only", terms: [], semantic: false },
    );
  const terms = [...new Set(tokenize(query.q).filter((t) => !STOPWORDS.has(t)))].slice(0, MAX_TERMS);
  // q was given, so every photo carries a score (0: nothing in q could rank it).
  if (terms.length === 0)
    return page(
      filtered.map((p) => ({ p, score: 0, matched: [] })),
      { mode: "no-terms", terms: [], semantic: false },
    );

  const df = new Map(terms.map((t) => [t, index.filter((p) => hasTerm(p.words, t)).length]));
  const dropped = terms.filter((t) => df.get(t) === 0);
  const live = terms.filter((t) => df.get(t)! > 0);
  const tooCommon = index.length >= COMMON_MIN_PHOTOS ? live.filter((t) => df.get(t)! / index.length > COMMON_SHARE) : [];
  // Only set common terms aside when something more telling remains.
  const common = tooCommon.length < live.length ? tooCommon : [];
  const effective = live.filter((t) => !common.includes(t));
  const extras = { ...(dropped.length ? { dropped } : {}), ...(common.length ? { common } : {}) };
  if (effective.length === 0) return page([], { mode: "no-match", terms, semantic: false, ...extras });

  const idf = (t: string) => Math.log(1 + index.length / df.get(t)!);
  const scored = filtered
    .map((p) => {
      const matched = effective.filter((t) => hasTerm(p.words, t));
      return { p, matched, score: Math.round(matched.reduce((s, t) => s + idf(t), 0) * 1000) / 1000 };
    })
    .filter((r) => r.matched.length > 0)
    .sort((a, b) => b.score - a.score || (b.p.day ?? "").localeCompare(a.p.day ?? "") || a.p.entry.stem.localeCompare(b.p.entry.stem));
  const complete = scored.filter((r) => r.matched.length === effective.length);
  if (complete.length > 0) {
    return page(complete, { mode: dropped.length || common.length ? "partial" : "all-terms", terms, semantic: false, ...extras });
  }
  if (scored.length > 0) return page(scored, { mode: "partial", terms, semantic: false, ...extras });
  return page([], { mode: "no-match", terms, semantic: false, ...extras });
}

export function toPhoto(e: PhotoEntry, score?: number, matched?: string[]): PhotoOut {
  return {
    stem: e.stem,
    ...(e.alt ? { alt: e.alt } : {}),
    full: e.full,
    thumb: { avif: e.thumb.avif ?? null, jpg: e.thumb.jpg ?? null, small: e.thumb.small ?? null, xs: e.thumb.xs ?? null },
    metadata: e.metadata,
    ...(score !== undefined ? { score, matched } : {}),
  };
}

/** The gallery's filters (/photos and its twin): camera, film simulation, recipe text. */
export interface GalleryFilters {
  camera: string;
  film: string;
  recipe: string;
}

/** The gallery's filters from its query string: the first value of each, trimmed, at most 120 characters. */
export function galleryFilters(get: (name: keyof GalleryFilters) => string | string[] | null | undefined): GalleryFilters {
  const one = (v: string | string[] | null | undefined) => (Array.isArray(v) ? (v[0] ?? "") : (v ?? "")).trim().slice(0, 120);
  return { camera: one(get("camera")), film: one(get("film")), recipe: one(get("recipe")) };
}

/** The gallery's photos under its filters, in gallery order: all of them (the API pages; the gallery and its twin do not). */
export function galleryPhotos(index: Indexed[], filters: GalleryFilters): PhotoQueryResult {
  return queryPhotos(index, { ...filters, limit: Math.max(1, index.length), offset: 0 });
}

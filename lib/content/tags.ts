import { COLLECTIONS, collectionsInWords } from "./collections";
import type { Doc } from "./types";

/**
 * The tag pages: one per tag a published document carries, at `/tags/<tag>`, listing what
 * carries it, and `/tags` listing the tags. The documents' own `tags:` front matter declares
 * them (as a file declares its page); lib/site/pages.ts declares the `/tags` index.
 */
export const TAGS_PATH = "/tags";
/** What the tags index says it is (lib/site/pages.ts declares it with these words). */
export const TAGS_INTRO = `Every tag the ${collectionsInWords()} carry, each with the pages that carry it.`;

export const tagPath = (tag: string) => `${TAGS_PATH}/${tag}`;

/**
 * Words a tag holds that are written otherwise than in lower case: a tag is a lowercase
 * slug, its label the words as a reader writes them ("API", not "api" or "Api").
 */
const WRITTEN: Record<string, string> = {
  ai: "AI",
  api: "API",
  cb400f: "CB400F",
  exif: "EXIF",
  faq: "FAQ",
  http: "HTTP",
  json: "JSON",
  nextjs: "Next.js",
  openapi: "OpenAPI",
  txt: "txt",
  ups: "UPS",
  wcag: "WCAG",
};

/** As a reader says it: "film-recipes" → "film recipes", "api-design" → "API design", "robots-txt" → "robots.txt". */
export const tagLabel = (tag: string) =>
  tag
    .replace(/-txt$/, ".txt")
    .split("-")
    .map((w) => WRITTEN[w] ?? w)
    .join(" ");

/** The tag page's title: its label, capitalised ("Film recipes"). */
export const tagTitle = (tag: string) => {
  const label = tagLabel(tag);
  return label.charAt(0).toUpperCase() + label.slice(1);
};

/** Every tag, alphabetically, with the documents that carry it in the order the corpus lists them. */
export function taggedDocs(docs: readonly Doc[]): Map<string, Doc[]> {
  const byTag = new Map<string, Doc[]>();
  for (const d of docs) for (const t of d.tags) byTag.set(t, [...(byTag.get(t) ?? []), d]);
  return new Map([...byTag].sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * The feature a tag page goes and comes with: the one feature every page carrying it is
 * of (lib/features), if there is one. A tag shared by plain pages, or by several features'
 * pages, stays and lists what is shown.
 */
export function tagFeature(docs: readonly Doc[]): Doc["feature"] {
  const owners = new Set(docs.map((d) => d.feature));
  return owners.size === 1 ? [...owners][0] : undefined;
}

/** What a tag page says it lists: "Everything tagged “film recipes”: 2 essays and 1 utility." */
export function tagDescription(tag: string, docs: readonly Doc[]): string {
  // Its pages are all of features that are off on this server (lib/content/corpus.ts).
  if (!docs.length) return `Nothing on the site carries the tag “${tagLabel(tag)}” right now.`;
  const counts = new Map<string, number>();
  for (const d of docs) counts.set(COLLECTIONS[d.collection].noun, (counts.get(COLLECTIONS[d.collection].noun) ?? 0) + 1);
  const parts = [...counts].map(([one, n]) => `${n} ${n === 1 ? one : plural(one)}`);
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0];
  return `Everything on the site tagged “${tagLabel(tag)}”: ${list}.`;
}

const plural = (w: string) => (/[^aeiou]y$/.test(w) ? `${w.slice(0, -1)}ies` : `${w}s`);

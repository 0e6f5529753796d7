import MiniSearch, { type Options, type SearchResult as MiniResult } from "minisearch";
import { eng } from "stopword";
import type { Doc } from "@/lib/content/types";
import { foldSpelling } from "@/lib/content/spelling";
import { termsOf, tokenize } from "./words";

export { tokenize } from "./words";

/**
 * One definition of the lexical index, shared by the build (which writes it) and the
 * server (which loads it): BM25 over title, headings, description, aliases and body,
 * with field boosts; prefix and typo tolerance only for longer terms.
 */
// "now" stays a word: personal sites have a /now page, and "what is she doing now" asks for it.
export const STOPWORDS = new Set<string>([...eng.filter((w) => w !== "now"), "s", "t", "don", "ll", "ve", "re", "d", "m"]);
export { MAX_TERMS } from "./words";

export interface IndexedFields {
  id: string;
  title: string;
  headings: string;
  description: string;
  aliases: string;
  text: string;
}

export const FIELDS = ["title", "headings", "description", "aliases", "text"] as const;
export const BOOSTS: Record<(typeof FIELDS)[number], number> = { title: 4, headings: 2, description: 2, aliases: 2, text: 1 };

export const indexOptions: Options<IndexedFields> = {
  fields: [...FIELDS],
  storeFields: [],
  tokenize,
  // One spelling for British and American words (harbour, harbor → harbor) in the index and in
  // queries alike, so a page is found by either whichever the owner writes.
  processTerm: (term) => (STOPWORDS.has(term) ? null : foldSpelling(term)),
};

export function toIndexed(doc: Doc): IndexedFields {
  return {
    id: doc.url,
    title: doc.title,
    headings: doc.headings.map((h) => h.text).join(" \n "),
    description: doc.description,
    aliases: [...doc.aliases, ...doc.tags.map((t) => t.replace(/-/g, " "))].join(" \n "),
    text: doc.text,
  };
}

export function buildIndex(docs: Doc[]): MiniSearch<IndexedFields> {
  const index = new MiniSearch<IndexedFields>(indexOptions);
  index.addAll(docs.map(toIndexed));
  return index;
}

export function loadIndex(json: string): MiniSearch<IndexedFields> {
  return MiniSearch.loadJSON<IndexedFields>(json, indexOptions);
}

/** The terms a query searches for: stopwords dropped, duplicates removed, at most 12. */
export function queryTerms(q: string): string[] {
  return termsOf(q, STOPWORDS);
}

/**
 * What a page that lists others (Doc.listing) scores for a term, against a page that says
 * something: an index's title and intro name its subjects in a few words, so BM25 put
 * "Garage notes" above the Gaggia notes for "gaggia"; a tag page is little more than its
 * subject's name, so "Carburetors" led for "carburettor". Weighed down, the pages lead and
 * the lists still come up for their own names.
 */
export const LISTING_WEIGHT: Record<NonNullable<Doc["listing"]>, number> = { index: 0.5, tag: 0.1 };

export function runQuery(
  index: MiniSearch<IndexedFields>,
  terms: string[],
  listing?: ReadonlyMap<string, NonNullable<Doc["listing"]>>,
): MiniResult[] {
  if (terms.length === 0) return [];
  return index.search(terms.map(foldSpelling).join(" "), {
    boost: BOOSTS,
    ...(listing?.size
      ? {
          boostDocument: (id: unknown) => {
            const kind = listing.get(String(id));
            return kind ? LISTING_WEIGHT[kind] : 1;
          },
        }
      : {}),
    combineWith: "OR",
    prefix: (term) => term.length >= 4,
    fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
    // The query is already tokenized and filtered; keep MiniSearch from re-filtering it.
    tokenize: (s) => s.split(" "),
    processTerm: (t) => t,
  });
}

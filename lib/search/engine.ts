import MiniSearch, { type Options, type SearchResult as MiniResult } from "minisearch";
import { eng } from "stopword";
import type { Doc } from "@/lib/content/types";

/**
 * One definition of the lexical index, shared by the build (which writes it) and the
 * server (which loads it): BM25 over title, headings, description, aliases and body,
 * with field boosts; prefix and typo tolerance only for longer terms.
 */
// "now" stays a word: personal sites have a /now page, and "what is she doing now" asks for it.
export const STOPWORDS = new Set<string>([...eng.filter((w) => w !== "now"), "s", "t", "don", "ll", "ve", "re", "d", "m"]);
export const MAX_TERMS = 12;

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

/** Scripts written without spaces between words: a run of their letters is a phrase, not a word. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** ICU's dictionary word breaks (Node ships full ICU), the same for every locale. */
const WORDS = new Intl.Segmenter(undefined, { granularity: "word" });

/**
 * Lowercased word tokens (letters and digits of any script), with straight apostrophes folded
 * in. A run of Chinese, Japanese, Thai… letters is split at its words ("海藻の森" → "海藻",
 * "の森"), or a caption's word could only be found by typing the whole run.
 */
export function tokenize(text: string): string[] {
  const runs =
    text
      .toLowerCase()
      .replace(/[’']/g, "")
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  if (!UNSPACED.test(text)) return runs;
  return runs.flatMap((run) => (UNSPACED.test(run) ? [...WORDS.segment(run)].filter((s) => s.isWordLike).map((s) => s.segment) : [run]));
}

export const indexOptions: Options<IndexedFields> = {
  fields: [...FIELDS],
  storeFields: [],
  tokenize,
  processTerm: (term) => (STOPWORDS.has(term) ? null : term),
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
  return [...new Set(tokenize(q).filter((t) => !STOPWORDS.has(t)))].slice(0, MAX_TERMS);
}

export function runQuery(index: MiniSearch<IndexedFields>, terms: string[]): MiniResult[] {
  if (terms.length === 0) return [];
  return index.search(terms.join(" "), {
    boost: BOOSTS,
    combineWith: "OR",
    prefix: (term) => term.length >= 4,
    fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
    // The query is already tokenized and filtered; keep MiniSearch from re-filtering it.
    tokenize: (s) => s.split(" "),
    processTerm: (t) => t,
  });
}

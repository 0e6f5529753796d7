import { getCorpus } from "@/lib/content/corpus";
import { readSiteFile, buildSingleton } from "@/lib/build-output";
import { loadIndex, queryTerms, runQuery } from "./engine";
import { snippet } from "./snippet";
import type { Kind } from "@/lib/content/schema";
import type { Doc } from "@/lib/content/types";
import { MAX_RESULTS } from "./present";

export interface SearchHit {
  url: string;
  title: string;
  description: string;
  kind: Kind;
  snippet: string;
  score: number;
}

interface Ranked {
  total: number;
  /** The best MAX_CACHED hits: every limit the API allows is a prefix of this list. */
  top: { doc: Doc; score: number; matched: string[]; snippet?: string }[];
}

const MAX_CACHED = MAX_RESULTS;
const CACHE_ENTRIES = 1000;

function index() {
  return buildSingleton("search-index", () => loadIndex(readSiteFile("search-index.json").toString("utf8")));
}

/** The pages that list others, ranked below what they list (Doc.listing). */
const listingPages = () =>
  buildSingleton(
    "search-listing",
    () => new Map([...getCorpus().answerable.values()].flatMap((d) => (d.listing ? [[d.url, d.listing] as const] : []))),
  );

/**
 * Recent answers by normalized terms. The index never changes while the process runs, so
 * a repeated query (the common case: popular searches, the search page, /ask's fallback)
 * costs a map lookup instead of scoring every matching document again.
 */
const cache = () => buildSingleton("search-cache", () => new Map<string, Ranked>());

function rank(terms: string[]): Ranked {
  const key = terms.join(" ");
  const lru = cache();
  const hit = lru.get(key);
  if (hit) {
    lru.delete(key);
    lru.set(key, hit);
    return hit;
  }
  // The index holds every built page; those of features that are off are no answers (getCorpus leaves them out).
  const { answerable } = getCorpus();
  const matches = runQuery(index(), terms, listingPages()).filter((m) => answerable.has(String(m.id)));
  const top: Ranked["top"] = [];
  for (const m of matches) {
    if (top.length >= MAX_CACHED) break;
    top.push({ doc: answerable.get(String(m.id))!, score: m.score, matched: m.terms });
  }
  const ranked = { total: matches.length, top };
  lru.set(key, ranked);
  if (lru.size > CACHE_ENTRIES) lru.delete(lru.keys().next().value!);
  return ranked;
}

/**
 * Ranked pages for a query: the lexical search shared by /search.json, the search page,
 * /ask's fallback and MCP. `total` counts every match before `limit` (at most 50).
 */
export function searchSite(q: string, limit: number): { terms: string[]; total: number; results: SearchHit[] } {
  const terms = queryTerms(q);
  if (terms.length === 0) return { terms, total: 0, results: [] };
  const { total, top } = rank(terms);
  const results = top.slice(0, Math.min(limit, MAX_CACHED)).map((hit) => {
    // Snippets are cut only for hits someone asked for, once each.
    // Quoted from the page's words, never its code (a curl line reads as noise in a list of results).
    hit.snippet ??= snippet(hit.doc.prose ?? hit.doc.text, [...terms, ...hit.matched]);
    const { doc } = hit;
    return { url: doc.url, title: doc.title, description: doc.description, kind: doc.kind, snippet: hit.snippet, score: hit.score };
  });
  return { terms, total, results };
}

import { processSingleton } from "@/lib/process-singleton";
import { getCorpus, readSiteFile } from "@/lib/content/corpus";
import { loadIndex, queryTerms, runQuery } from "./engine";
import { snippet } from "./snippet";
import type { Kind } from "@/lib/content/schema";

export interface SearchHit {
  url: string;
  title: string;
  description: string;
  kind: Kind;
  snippet: string;
  score: number;
}

function index() {
  return processSingleton("search-index", () => loadIndex(readSiteFile("search-index.json").toString("utf8")));
}

/**
 * Ranked pages for a query: the lexical search shared by /search.json, the search page,
 * /ask's fallback and MCP. `total` counts every match before `limit`.
 */
export function searchSite(q: string, limit: number): { terms: string[]; total: number; results: SearchHit[] } {
  const terms = queryTerms(q);
  const matches = runQuery(index(), terms);
  const { byUrl } = getCorpus();
  const results: SearchHit[] = [];
  for (const m of matches.slice(0, limit)) {
    const doc = byUrl.get(String(m.id));
    if (!doc) continue;
    results.push({
      url: doc.url,
      title: doc.title,
      description: doc.description,
      kind: doc.kind,
      snippet: snippet(doc.text, [...m.terms, ...terms]),
      score: m.score,
    });
  }
  return { terms, total: matches.length, results };
}

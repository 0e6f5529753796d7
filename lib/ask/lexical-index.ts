import type { Doc } from "@/lib/content/types";
import { LABEL_PREFIX, TRAINING, pageLabels, trainingLines } from "./training-data";

/**
 * The lexical half of the embedded /ask ranker: BM25 over the same normalized (stemmed)
 * text the fastText model trains on, one document per page, the training weights acting
 * as term counts (a title word counts four times). It is written next to the model at
 * build time (`ask-lexicon.json`) and combined with the model's probabilities in
 * `rank` (lib/ask/embedded-model.ts): the classifier generalizes to questions in other
 * words, and this keeps what the words themselves say when a question uses the page's own.
 */

export const LEXICON_FILE = "ask-lexicon.json";

/** Okapi BM25's usual constants. */
const K1 = 1.2;
const B = 0.75;

export interface Lexicon {
  version: 1;
  /** Page URLs; postings refer to them by index. */
  urls: string[];
  /** Terms per page. */
  lengths: number[];
  /** term → [page index, count] pairs. */
  postings: Record<string, [number, number][]>;
}

/** The lexicon of every page, from its training text without the title put before body lines (that would count the title once per sentence). */
export function buildLexicon(docs: Doc[]): Lexicon {
  const labels = pageLabels(docs);
  const urls = [...labels.keys()];
  const byLabel = new Map(urls.map((url, i) => [`${LABEL_PREFIX}${labels.get(url)}`, i]));
  const lengths = urls.map(() => 0);
  const counts = new Map<string, Map<number, number>>();
  for (const line of trainingLines(docs, { ...TRAINING, titleWithSentences: false })) {
    const [label, ...words] = line.split(" ");
    const page = byLabel.get(label);
    if (page === undefined) continue;
    lengths[page] += words.length;
    for (const w of words) {
      let m = counts.get(w);
      if (!m) counts.set(w, (m = new Map()));
      m.set(page, (m.get(page) ?? 0) + 1);
    }
  }
  const postings: Lexicon["postings"] = {};
  for (const term of [...counts.keys()].sort()) postings[term] = [...counts.get(term)!].sort((a, b) => a[0] - b[0]);
  return { version: 1, urls, lengths, postings };
}

export interface LexicalScores {
  /** BM25 of every page, in `Lexicon.urls` order. */
  scores: Float64Array;
  /**
   * How much of the question the best-scoring page contains: the IDF-weighted share of the
   * question's terms found in it, 0…1. Near 1 when one page has every informative word of
   * the question; low when the question's words are not the page's (paraphrase, synonyms)
   * and its lexical matches are incidental.
   */
  coverage: number;
  /** The IDF-weighted share of the question's terms that any page uses, 0…1: low for a question about something else. */
  found: number;
}

export interface LexicalIndex {
  readonly urls: readonly string[];
  score(terms: string[]): LexicalScores;
}

export function lexicalIndex(lex: Lexicon): LexicalIndex {
  const n = lex.urls.length;
  const avg = lex.lengths.reduce((a, b) => a + b, 0) / Math.max(1, n) || 1;
  const norm = lex.lengths.map((len) => K1 * (1 - B + (B * len) / avg));
  const idf = (df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));
  return {
    urls: lex.urls,
    score(terms) {
      const scores = new Float64Array(n);
      const unique = [...new Set(terms)];
      const weights = unique.map((t) => idf(Object.hasOwn(lex.postings, t) ? lex.postings[t].length : 0));
      unique.forEach((t, i) => {
        if (!Object.hasOwn(lex.postings, t)) return;
        for (const [page, tf] of lex.postings[t]) scores[page] += (weights[i] * tf * (K1 + 1)) / (tf + norm[page]);
      });
      let best = -1;
      for (let i = 0; i < n; i++)
        if (scores[i] > 0 && (best < 0 || scores[i] > scores[best] || (scores[i] === scores[best] && lex.urls[i] < lex.urls[best])))
          best = i;
      const total = weights.reduce((a, b) => a + b, 0);
      let covered = 0;
      if (best >= 0) {
        unique.forEach((t, i) => {
          if (Object.hasOwn(lex.postings, t) && lex.postings[t].some(([page]) => page === best)) covered += weights[i];
        });
      }
      const found = unique.reduce((sum, t, i) => sum + (Object.hasOwn(lex.postings, t) ? weights[i] : 0), 0);
      return { scores, coverage: total > 0 ? covered / total : 0, found: total > 0 ? found / total : 0 };
    },
  };
}

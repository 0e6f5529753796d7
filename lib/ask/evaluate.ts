import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { STOPWORDS, tokenize } from "@/lib/search/engine";
import type { Doc } from "@/lib/content/types";

/**
 * Offline evaluation of /ask rankers over tests/fixtures/ask-eval.json: top-1 and top-3
 * accuracy on the whole set, on the questions that share no content word with their page
 * (the ones lexical search cannot answer) and on the rest.
 */

export interface EvalQuestion {
  q: string;
  /** The page that answers it. */
  url: string;
  /** True when q shares no content word (see `sharedContentWords`) with that page. */
  noSharedWord: boolean;
}

/** The evaluation set, tests/fixtures/ask-eval.json (found from this file, whatever the working directory). */
export function readEvalSet(file = fileURLToPath(new URL("../../tests/fixtures/ask-eval.json", import.meta.url))): EvalQuestion[] {
  return JSON.parse(readFileSync(file, "utf8")) as EvalQuestion[];
}

/** A ranker returns page URLs, best first (only the first three are read). */
export type Ranker = (q: string) => string[];

export interface Accuracy {
  n: number;
  top1: number;
  top3: number;
}

export interface EvalRow {
  ranker: string;
  all: Accuracy;
  noSharedWord: Accuracy;
  rest: Accuracy;
  /** Questions whose page was not in this ranker's top 3. */
  misses: { q: string; url: string; noSharedWord: boolean; got: string[] }[];
}

export type EvalTable = EvalRow[];

/** Content words of a text: the site's tokenizer, stopwords dropped. */
export function contentWords(text: string): Set<string> {
  return new Set(tokenize(text).filter((t) => !STOPWORDS.has(t)));
}

/** A word and its simple plural/singular variants (`cap`/`caps`, `box`/`boxes`, `body`/`bodies`). */
export function numberVariants(word: string): string[] {
  const v = [word, `${word}s`, `${word}es`];
  if (word.endsWith("ies") && word.length > 4) v.push(`${word.slice(0, -3)}y`);
  if (word.endsWith("y") && word.length > 2) v.push(`${word.slice(0, -1)}ies`);
  if (word.endsWith("es") && word.length > 3) v.push(word.slice(0, -2));
  if (word.endsWith("s") && word.length > 2) v.push(word.slice(0, -1));
  return v;
}

/** Everything a page says about itself: title, headings, description, body, front-matter questions and aliases. */
export function pageText(doc: Doc): string {
  return [doc.title, ...doc.headings.map((h) => h.text), doc.description, doc.text, ...doc.questions, ...doc.aliases].join("\n");
}

/** The content words of q that the page also has (counting plural/singular variants as the same word). */
export function sharedContentWords(q: string, doc: Doc, pageWords: Set<string> = contentWords(pageText(doc))): string[] {
  return [...contentWords(q)].filter((w) => numberVariants(w).some((v) => pageWords.has(v)));
}

function accuracy(rows: { rank: number }[]): Accuracy {
  const n = rows.length;
  const hit = (k: number) => (n === 0 ? 0 : rows.filter((r) => r.rank >= 0 && r.rank < k).length / n);
  return { n, top1: hit(1), top3: hit(3) };
}

export function evaluate(rankers: Record<string, Ranker>, set: EvalQuestion[]): EvalTable {
  return Object.entries(rankers).map(([ranker, rank]) => {
    const rows = set.map((item) => {
      const got = rank(item.q);
      return { ...item, got: got.slice(0, 3), rank: got.indexOf(item.url) };
    });
    return {
      ranker,
      all: accuracy(rows),
      noSharedWord: accuracy(rows.filter((r) => r.noSharedWord)),
      rest: accuracy(rows.filter((r) => !r.noSharedWord)),
      misses: rows.filter((r) => r.rank < 0 || r.rank >= 3).map(({ q, url, noSharedWord, got }) => ({ q, url, noSharedWord, got })),
    };
  });
}

/** The table `npm run bench` prints: one line per ranker, top-1 / top-3 per subset. */
export function formatEvaluation(table: EvalTable): string {
  const cell = (a: Accuracy) => `${a.top1.toFixed(2)} / ${a.top3.toFixed(2)}`.padEnd(14);
  const first = table[0];
  const head = first
    ? `${"ranker".padEnd(10)}${`all (${first.all.n})`.padEnd(14)}${`no-shared (${first.noSharedWord.n})`.padEnd(16)}${`rest (${first.rest.n})`.padEnd(14)}`
    : "";
  const lines = ["  top-1 / top-3 accuracy", `  ${head}`];
  for (const row of table) lines.push(`  ${row.ranker.padEnd(10)}${cell(row.all)}${cell(row.noSharedWord).padEnd(16)}${cell(row.rest)}`);
  return lines.join("\n");
}

export function printEvaluation(table: EvalTable, opts: { misses?: boolean } = {}): void {
  console.log(formatEvaluation(table));
  if (!opts.misses) return;
  for (const row of table) {
    for (const m of row.misses)
      console.log(`  miss ${row.ranker}: ${m.noSharedWord ? "[no-shared] " : ""}"${m.q}" → ${m.url}; got ${m.got.join(", ")}`);
  }
}

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { STOPWORDS, tokenize } from "@/lib/search/engine";
import type { Doc } from "@/lib/content/types";
import { normalize } from "./training-data";

/**
 * Offline evaluation of /ask rankers over two frozen sets: tests/fixtures/ask-eval.json
 * (written with the model) and tests/fixtures/ask-eval-blind.json (written by someone who
 * saw only the rendered pages, never the front matter, the training lines or the code; it
 * also holds off-topic questions). Top-1 and top-3 accuracy on the answerable questions,
 * on those sharing no content word with their page (the ones lexical search cannot
 * answer) and on the rest; how often the ranker abstains on each kind.
 */

export interface EvalQuestion {
  q: string;
  /** The page that answers it; null for a question the site does not answer. */
  url: string | null;
  /** Other pages that answer it as well. */
  also?: string[];
  /** How the question was written (blind set): paraphrase, partial, fragment, typo, offtopic. */
  kind?: string;
  /** True when q shares no content word (see `sharedContentWords`) with its page. */
  noSharedWord: boolean;
  /** Written and checked as a strict no-shared paraphrase (no stemmed content word in common; `strictSharedStems`). */
  strict?: boolean;
}

export const EVAL_SETS = {
  original: fileURLToPath(new URL("../../tests/fixtures/ask-eval.json", import.meta.url)),
  blind: fileURLToPath(new URL("../../tests/fixtures/ask-eval-blind.json", import.meta.url)),
  /** A second blind set, by another reviewer under the same rules (184 questions). */
  "blind-b": fileURLToPath(new URL("../../tests/fixtures/ask-eval-blind-b.json", import.meta.url)),
  /**
   * A third (issue 34; 187 questions), written to be as hard as visitors: 92 strict no-shared
   * paraphrases (`strict`: no stemmed content word in common with the page, checked by
   * scripts/ask-eval-check.ts), 63 ordinary questions and 32 off-topic ones made of site words.
   */
  "blind-c": fileURLToPath(new URL("../../tests/fixtures/ask-eval-blind-c.json", import.meta.url)),
} as const;

/**
 * An evaluation set (the original by default). Where a question does not say whether it
 * shares a word with its page, it is worked out from the page (`pages`, by URL).
 */
export function readEvalSet(file: string = EVAL_SETS.original, pages?: ReadonlyMap<string, Doc>): EvalQuestion[] {
  const raw = JSON.parse(readFileSync(file, "utf8")) as (Omit<EvalQuestion, "noSharedWord"> & { noSharedWord?: boolean })[];
  return raw.map((x) => {
    if (x.strict) return { ...x, noSharedWord: true };
    if (x.noSharedWord !== undefined || x.url === null) return { ...x, noSharedWord: x.noSharedWord ?? false };
    const doc = pages?.get(x.url);
    return { ...x, noSharedWord: doc ? sharedContentWords(x.q, doc).length === 0 : false };
  });
}

/** A ranker returns page URLs, best first (only the first three are read); none when it abstains. */
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
  /** Answerable questions by how they were written (blind set: paraphrase, partial, fragment, typo). */
  byKind: Record<string, Accuracy>;
  /** Share of answerable and of off-topic questions the ranker gave no page for. */
  abstain: { answerable: number; offTopic: number; nOffTopic: number };
  /** Answerable questions whose page was not in this ranker's top 3, and off-topic ones it answered. */
  misses: { q: string; url: string | null; noSharedWord: boolean; got: string[] }[];
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

/** What a visitor sees of a page: title, headings, description and body (not its front-matter questions or aliases). */
export function visibleText(doc: Doc): string {
  return [doc.title, ...doc.headings.map((h) => h.text), doc.description, doc.text].join("\n");
}

/**
 * The stems q shares with everything the page says about itself, through /ask's own text
 * pipeline (stopwords and question words dropped, British spellings folded, Porter stems):
 * empty for a strict no-shared paraphrase, which no keyword match can find.
 */
export function strictSharedStems(q: string, doc: Doc): string[] {
  const page = new Set(normalize(pageText(doc)).split(" "));
  return [...new Set(normalize(q).split(" "))].filter((w) => w && page.has(w));
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
      const got = rank(item.q).slice(0, 3);
      const right = item.url === null ? [] : [item.url, ...(item.also ?? [])];
      const at = got.findIndex((u) => right.includes(u));
      return { ...item, got, rank: at };
    });
    const answerable = rows.filter((r) => r.url !== null);
    const offTopic = rows.filter((r) => r.url === null);
    const share = (xs: typeof rows) => (xs.length ? xs.filter((r) => r.got.length === 0).length / xs.length : 0);
    return {
      ranker,
      all: accuracy(answerable),
      noSharedWord: accuracy(answerable.filter((r) => r.noSharedWord)),
      rest: accuracy(answerable.filter((r) => !r.noSharedWord)),
      byKind: Object.fromEntries(
        [...new Set(answerable.flatMap((r) => (r.kind ? [r.kind] : [])))].map((k) => [k, accuracy(answerable.filter((r) => r.kind === k))]),
      ),
      abstain: { answerable: share(answerable), offTopic: share(offTopic), nOffTopic: offTopic.length },
      misses: rows
        .filter((r) => (r.url === null ? r.got.length > 0 : r.rank < 0))
        .map(({ q, url, noSharedWord, got }) => ({ q, url, noSharedWord, got })),
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
  const abstainHead = first ? `abstains: answerable / off-topic (${first.abstain.nOffTopic})` : "";
  const lines = ["  top-1 / top-3 accuracy", `  ${head}${abstainHead}`];
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  for (const row of table) {
    lines.push(
      `  ${row.ranker.padEnd(10)}${cell(row.all)}${cell(row.noSharedWord).padEnd(16)}${cell(row.rest)}${pct(row.abstain.answerable)} / ${row.abstain.nOffTopic ? pct(row.abstain.offTopic) : "-"}`,
    );
    const kinds = Object.entries(row.byKind);
    if (kinds.length)
      lines.push(
        `  ${"".padEnd(10)}by kind: ${kinds.map(([k, a]) => `${k} (${a.n}) ${a.top1.toFixed(2)} / ${a.top3.toFixed(2)}`).join("; ")}`,
      );
  }
  return lines.join("\n");
}

export function printEvaluation(table: EvalTable, opts: { misses?: boolean } = {}): void {
  console.log(formatEvaluation(table));
  if (!opts.misses) return;
  for (const row of table) {
    for (const m of row.misses)
      console.log(
        `  miss ${row.ranker}: ${m.noSharedWord ? "[no-shared] " : ""}"${m.q}" → ${m.url ?? "(off-topic)"}; got ${m.got.join(", ") || "nothing"}`,
      );
  }
}

/**
 * The abstention trade-off on a set, read from a score (higher: more likely answerable):
 * for each share of answerable questions refused, the threshold that refuses them and the
 * share of off-topic questions it refuses too. Judged, never fitted on.
 */
export function abstentionCurve(
  set: EvalQuestion[],
  score: (q: EvalQuestion) => number,
  shares: number[] = [0, 0.02, 0.05, 0.1, 0.2, 0.3],
): { lost: number; threshold: number; offTopic: number }[] {
  const answerable = set
    .filter((x) => x.url !== null)
    .map(score)
    .sort((a, b) => a - b);
  const off = set.filter((x) => x.url === null).map(score);
  if (!answerable.length || !off.length) return [];
  return shares.map((lost) => {
    // The lowest score kept: every answerable question below it is refused (at most `lost` of them).
    const threshold = answerable[Math.min(answerable.length - 1, Math.floor(answerable.length * lost))];
    return {
      lost: answerable.filter((s) => s < threshold).length / answerable.length,
      threshold,
      offTopic: off.filter((s) => s < threshold).length / off.length,
    };
  });
}

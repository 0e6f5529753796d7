import { foldSpelling } from "@/lib/content/spelling";

/**
 * The engine's words (engine.ts indexes and queries with them) and which words of a text a
 * query's terms match, for the <mark>s of the search page. Pure: it ships to the browser.
 */

export const MAX_TERMS = 12;

/** The terms a query searches for: its words, stopwords dropped, duplicates removed, at most 12 (engine.ts queryTerms). */
export function termsOf(q: string, stopwords: ReadonlySet<string>): string[] {
  return [...new Set(tokenize(q).filter((t) => !stopwords.has(t)))].slice(0, MAX_TERMS);
}

/** Scripts written without spaces between words: a run of their letters is a phrase, not a word. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** ICU's dictionary word breaks (Node ships full ICU; so do browsers), the same for every locale. */
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

/**
 * Whether a word of a text is one a query term finds, as the engine's search does (engine.ts
 * runQuery): the term itself, a word it starts (terms of 4+ letters), or one a typo away
 * (terms of 5+ letters, a fifth of their length); in a script without spaces, a run holding it.
 * A British and an American spelling of one word match each other (grey, gray).
 */
export function termMatches(word: string, term: string): boolean {
  if (word === term || foldSpelling(word) === foldSpelling(term)) return true;
  if (term.length >= 4 && word.startsWith(term)) return true;
  if (UNSPACED.test(term)) return word.includes(term);
  return term.length >= 5 && withinEdits(word, term, Math.round(term.length * 0.2));
}

/** Levenshtein distance at most `max`, stopping as soon as a row exceeds it. */
function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    if (Math.min(...row) > max) return false;
    prev = row;
  }
  return prev[b.length] <= max;
}

/** A run of text, marked when it is a word the query found. */
export interface Run {
  text: string;
  mark?: true;
}

/** `text` cut into runs, the words any of `terms` matches marked. */
export function highlight(text: string, terms: readonly string[]): Run[] {
  if (!terms.length) return [{ text }];
  const runs: Run[] = [];
  let at = 0;
  for (const m of text.matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu)) {
    const word = m[0].toLowerCase().replace(/['’]/g, "");
    if (!terms.some((t) => termMatches(word, t))) continue;
    if (m.index > at) runs.push({ text: text.slice(at, m.index) });
    runs.push({ text: m[0], mark: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) runs.push({ text: text.slice(at) });
  return runs;
}

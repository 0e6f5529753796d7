import { STOPWORDS } from "@/lib/search/engine";
import type { Corrector, TypedSpelling } from "./spelling";
import type { Doc } from "@/lib/content/types";

/**
 * Training text for the embedded /ask model: one fastText supervised line per thing a
 * page says or answers, `__label__<label> <normalized text>`. Pure, so the build, the
 * tests and the benchmark all train on exactly the same lines, and `normalize()` is the
 * one text pipeline for training and for questions.
 */

export const LABEL_PREFIX = "__label__";

export interface TextOptions {
  /** Fold British spellings into American ones and reduce words to Porter stems. */
  stem: boolean;
  /** Drop the search index's stopwords. */
  dropStopwords: boolean;
}

export interface TrainingOptions extends TextOptions {
  /**
   * How often each kind of text is repeated. Front-matter questions and aliases are the
   * author's own paraphrases of what a page answers, in a visitor's words rather than the
   * page's, so they weigh more than one sentence of the body.
   */
  weights: { title: number; description: number; heading: number; question: number; alias: number; tags: number; sentence: number };
  /** Longest run of words on one body line: tables and lists have no sentence stops. */
  maxLineWords: number;
  /**
   * Put the page's title in front of each body line. A sentence alone is often about
   * nothing in particular ("Then I ride ten more minutes"); with the title it is about the
   * page, so the model learns the page's topic from every line of it, not only from the
   * few that name it (the usual way passages are given their document's context).
   */
  titleWithSentences: boolean;
}

export const TRAINING: TrainingOptions = {
  stem: true,
  dropStopwords: true,
  weights: { title: 4, description: 2, heading: 1, question: 4, alias: 4, tags: 1, sentence: 1 },
  maxLineWords: 24,
  titleWithSentences: true,
};

/** Whole-word British → American spellings the corpus mixes (colour/color, tyre/tire). */
const SPELLING: Record<string, string> = {
  tyre: "tire",
  tyres: "tires",
  grey: "gray",
  greys: "grays",
  aluminium: "aluminum",
  programme: "program",
  programmes: "programs",
  catalogue: "catalog",
  catalogues: "catalogs",
  licence: "license",
  licences: "licenses",
  practise: "practice",
  practising: "practicing",
  practised: "practiced",
  defence: "defense",
  offence: "offense",
  analyse: "analyze",
  analysed: "analyzed",
  analysing: "analyzing",
  cheque: "check",
  plough: "plow",
  mould: "mold",
  storey: "story",
  kerb: "curb",
  manoeuvre: "maneuver",
  pyjamas: "pajamas",
};

/** Regular British → American spellings: -ise/-isation, -our, -tre. */
function americanize(word: string): string {
  const whole = SPELLING[word];
  if (whole) return whole;
  return word
    .replace(/^([a-z]{3,})is(e|es|ed|ing|er|ers|ation|ations)$/, "$1iz$2")
    .replace(/^([a-z]{3,})our(s|ed|ing|ite|ites|hood|hoods|ful|able|er|ers|ism)?$/, "$1or$2")
    .replace(/^([a-z]{2,}[tb])re(s)?$/, "$1er$2");
}

// Porter (1980) stemmer: https://tartarus.org/martin/PorterStemmer/def.txt
const isConsonant = (w: string, i: number): boolean => {
  const c = w[i];
  if ("aeiou".includes(c)) return false;
  if (c === "y") return i === 0 || !isConsonant(w, i - 1);
  return true;
};
/** m in [C](VC)^m[V]. */
function measure(stem: string): number {
  let m = 0;
  let i = 0;
  const n = stem.length;
  while (i < n && isConsonant(stem, i)) i++;
  while (i < n) {
    while (i < n && !isConsonant(stem, i)) i++;
    if (i >= n) break;
    while (i < n && isConsonant(stem, i)) i++;
    m++;
  }
  return m;
}
const hasVowel = (stem: string) => [...stem].some((_, i) => !isConsonant(stem, i));
const endsDouble = (w: string) => w.length >= 2 && w.at(-1) === w.at(-2) && isConsonant(w, w.length - 1);
/** *o: ends consonant-vowel-consonant, the last not w, x or y. */
const endsCvc = (w: string) => {
  const n = w.length;
  return n >= 3 && isConsonant(w, n - 3) && !isConsonant(w, n - 2) && isConsonant(w, n - 1) && !"wxy".includes(w[n - 1]);
};

/** Replace the longest listed suffix when the remaining stem passes `ok`; the first listed match decides. */
function replaceSuffix(w: string, rules: [string, string][], ok: (stem: string, suffix: string) => boolean): string {
  for (const [suffix, repl] of rules) {
    if (w.endsWith(suffix)) {
      const stem = w.slice(0, -suffix.length);
      return ok(stem, suffix) ? stem + repl : w;
    }
  }
  return w;
}

const STEP2: [string, string][] = (
  [
    ["ational", "ate"],
    ["tional", "tion"],
    ["enci", "ence"],
    ["anci", "ance"],
    ["izer", "ize"],
    ["bli", "ble"],
    ["alli", "al"],
    ["entli", "ent"],
    ["eli", "e"],
    ["ousli", "ous"],
    ["ization", "ize"],
    ["ation", "ate"],
    ["ator", "ate"],
    ["alism", "al"],
    ["iveness", "ive"],
    ["fulness", "ful"],
    ["ousness", "ous"],
    ["aliti", "al"],
    ["iviti", "ive"],
    ["biliti", "ble"],
    ["logi", "log"],
  ] as [string, string][]
).sort((a, b) => b[0].length - a[0].length);
const STEP3: [string, string][] = (
  [
    ["icate", "ic"],
    ["ative", ""],
    ["alize", "al"],
    ["iciti", "ic"],
    ["ical", "ic"],
    ["ful", ""],
    ["ness", ""],
  ] as [string, string][]
).sort((a, b) => b[0].length - a[0].length);
const STEP4: [string, string][] = [
  "al",
  "ance",
  "ence",
  "er",
  "ic",
  "able",
  "ible",
  "ant",
  "ement",
  "ment",
  "ent",
  "ion",
  "ou",
  "ism",
  "ate",
  "iti",
  "ous",
  "ive",
  "ize",
]
  .sort((a, b) => b.length - a.length)
  .map((s) => [s, ""]);

export function porterStem(word: string): string {
  if (word.length <= 2 || !/^[a-z]+$/.test(word)) return word;
  let w = word;
  // Step 1a
  if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("ies")) w = w.slice(0, -2);
  else if (!w.endsWith("ss") && w.endsWith("s")) w = w.slice(0, -1);
  // Step 1b
  if (w.endsWith("eed")) {
    if (measure(w.slice(0, -3)) > 0) w = w.slice(0, -1);
  } else {
    const suffix = w.endsWith("ed") ? "ed" : w.endsWith("ing") ? "ing" : "";
    if (suffix && hasVowel(w.slice(0, -suffix.length))) {
      w = w.slice(0, -suffix.length);
      if (w.endsWith("at") || w.endsWith("bl") || w.endsWith("iz")) w += "e";
      else if (endsDouble(w) && !"lsz".includes(w.at(-1)!)) w = w.slice(0, -1);
      else if (measure(w) === 1 && endsCvc(w)) w += "e";
    }
  }
  // Step 1c
  if (w.endsWith("y") && hasVowel(w.slice(0, -1))) w = `${w.slice(0, -1)}i`;
  w = replaceSuffix(w, STEP2, (stem) => measure(stem) > 0);
  w = replaceSuffix(w, STEP3, (stem) => measure(stem) > 0);
  w = replaceSuffix(w, STEP4, (stem, suffix) => measure(stem) > 1 && (suffix !== "ion" || /[st]$/.test(stem)));
  // Step 5
  if (w.endsWith("e")) {
    const stem = w.slice(0, -1);
    const m = measure(stem);
    if (m > 1 || (m === 1 && !endsCvc(stem))) w = stem;
  }
  if (measure(w) > 1 && endsDouble(w) && w.endsWith("l")) w = w.slice(0, -1);
  return w;
}

/** Question words and contractions the search stopwords miss ("what's" tokenizes as "whats"). */
const QUESTION_WORDS = new Set([
  "whats",
  "hows",
  "wheres",
  "whos",
  "thats",
  "theres",
  "heres",
  "dont",
  "doesnt",
  "didnt",
  "cant",
  "wont",
  "isnt",
  "arent",
  "im",
  "ive",
  "id",
  "youre",
  "shes",
  "hes",
  "its",
  "lets",
  "does",
  "doing",
  "why",
  "when",
  "whom",
  "whose",
  "she",
]);

/** Lowercased word tokens, apostrophes folded into the word as the search tokenizer does. */
export function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[’']/g, "")
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** Every word the normalization drops: the search index's stopwords and the question words. */
export function droppedWords(): string[] {
  return [...STOPWORDS, ...QUESTION_WORDS];
}

/** One word of `words()` normalized: "" for a stopword, else folded and stemmed. */
function normalizeWord(w: string, opts: TextOptions): string {
  if (opts.dropStopwords && (STOPWORDS.has(w) || QUESTION_WORDS.has(w))) return "";
  return opts.stem && w.length <= MAX_STEM_LENGTH ? porterStem(americanize(w)) : w;
}

/** Longer "words" are not words (hashes, runs of letters): left as they are. */
const MAX_STEM_LENGTH = 40;

/**
 * One normalization for training and for questions: lowercase words (punctuation
 * dropped), stopwords out, British spellings folded and words stemmed, joined by spaces.
 */
export function normalize(text: string, opts: TextOptions = TRAINING): string {
  return words(text)
    .map((w) => normalizeWord(w, opts))
    .filter(Boolean)
    .join(" ");
}

/** The most of a question the model reads (characters, words), and the longest word it tries to split. */
const MAX_QUERY_CHARS = 2_000;
const MAX_QUERY_WORDS = 64;
const MAX_SPLIT_LENGTH = 24;

/**
 * A question, normalized as the training text is, with a word the model never saw split
 * into two it did ("screenreaders" → "screen readers", "poweroff" → "power off"), so a
 * closed compound still meets the open form the pages use, and, given `correct`
 * (lib/ask/spelling.ts), a misspelt word replaced by the vocabulary word one edit away.
 * `known` is the model's vocabulary (normalized tokens).
 */
export function normalizeQuery(
  text: string,
  known: ReadonlySet<string> | ReadonlyMap<string, number>,
  opts: TextOptions = TRAINING,
  correct?: Corrector,
  /** Correction of the word as typed, before stemming (lib/ask/spelling.ts typedSpelling). */
  typed?: TypedSpelling,
  /** English words the site never uses → the site words they mean (lib/ask/bridge.ts). */
  bridge?: ReadonlyMap<string, string>,
): string {
  const out: string[] = [];
  for (const given of words(text.slice(0, MAX_QUERY_CHARS)).slice(0, MAX_QUERY_WORDS)) {
    const word = typed?.correct(given) ?? given;
    const n = normalizeWord(word, opts);
    if (!n) continue;
    if (known.has(n) || word.length > MAX_SPLIT_LENGTH) {
      out.push(n);
      continue;
    }
    let best: { at: number; text: string } | null = null;
    for (let i = 3; i <= word.length - 3; i++) {
      const a = normalizeWord(word.slice(0, i), opts);
      const b = normalizeWord(word.slice(i), opts);
      // The most even split wins: "home|lab" over "homel|ab".
      if (a.length >= 3 && b.length >= 3 && known.has(a) && known.has(b)) {
        const even = Math.min(i, word.length - i);
        if (!best || even > best.at) best = { at: even, text: `${a} ${b}` };
      }
    }
    const bridged = best ? undefined : bridge?.get(n);
    // A real English word is not a misspelling of a site word ("bread" is not "break").
    out.push(best ? best.text : bridged ? bridged : typed?.isWord(word) ? n : (correct?.(n) ?? n));
  }
  return out.join(" ");
}

/**
 * The label of each page: its URL path with `/` as `_` (`/writing/x` → `writing_x`),
 * stable across builds and readable in a model dump. `labelsToUrls` maps back.
 */
export function pageLabels(docs: Doc[]): Map<string, string> {
  const byUrl = new Map<string, string>();
  const taken = new Set<string>();
  for (const url of [...new Set(docs.map((d) => d.url))].sort()) {
    const base =
      url
        .replace(/^\/+/, "")
        .replace(/[^a-z0-9-]+/gi, "_")
        .toLowerCase() || "home";
    let label = base;
    for (let i = 2; taken.has(label); i++) label = `${base}_${i}`;
    taken.add(label);
    byUrl.set(url, label);
  }
  return byUrl;
}

/** label → url, as written next to the model (`ask-labels.json`). */
export function labelsToUrls(docs: Doc[]): Record<string, string> {
  return Object.fromEntries([...pageLabels(docs)].map(([url, label]) => [label, url]));
}

/** The body as lines of at most `maxWords` words, split at sentence ends and line breaks. */
export function sentences(text: string, maxWords = TRAINING.maxLineWords): string[] {
  const out: string[] = [];
  for (const raw of text.split(/(?<=[.!?;:])\s+|\n+/)) {
    const ws = raw.split(/\s+/).filter(Boolean);
    for (let i = 0; i < ws.length; i += maxWords) out.push(ws.slice(i, i + maxWords).join(" "));
  }
  return out;
}

/** Every question a page is known to answer in a visitor's words: its front matter's, then the question bank's. */
export function askQuestions(doc: Doc): string[] {
  return doc.bank?.length ? [...doc.questions, ...doc.bank] : doc.questions;
}

/** fastText supervised lines for every page. */
export function trainingLines(docs: Doc[], opts: TrainingOptions = TRAINING): string[] {
  const labels = pageLabels(docs);
  const lines: string[] = [];
  const { weights } = opts;
  for (const doc of docs) {
    const label = `${LABEL_PREFIX}${labels.get(doc.url)}`;
    const add = (text: string, times: number) => {
      const t = normalize(text, opts);
      if (t) for (let i = 0; i < times; i++) lines.push(`${label} ${t}`);
    };
    add(doc.title, weights.title);
    add(doc.description, weights.description);
    for (const h of doc.headings) add(h.text, weights.heading);
    for (const q of askQuestions(doc)) add(q, weights.question);
    for (const a of doc.aliases) add(a, weights.alias);
    if (doc.tags.length) add(doc.tags.join(" ").replace(/-/g, " "), weights.tags);
    const context = opts.titleWithSentences ? `${doc.title} ` : "";
    for (const s of sentences(doc.text, opts.maxLineWords)) add(`${context}${s}`, weights.sentence);
  }
  return lines;
}

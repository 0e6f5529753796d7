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
export function spellingCorrector(vocabulary: ReadonlyMap<string, number>): Corrector {
  const index = new Map<string, string[]>();
  for (const w of vocabulary.keys()) {
    if (w.length < MIN_CORRECTED_LENGTH - 1) continue;
    for (const d of deletions(w)) {
      const list = index.get(d);
      if (list) list.push(w);
      else index.set(d, [w]);
    }
  }
  return (term) => {
    if (term.length < MIN_CORRECTED_LENGTH || vocabulary.has(term)) return null;
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

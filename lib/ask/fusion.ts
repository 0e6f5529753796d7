import type { PageProbability } from "./embedded-model";

/**
 * How the classifier's ranking (fastText × BM25) and the encoder's (best unit cosine per page)
 * make one. Reciprocal-rank fusion: each page scores Σ w / (k + rank) over the two rankings.
 * `keepFirst` keeps the classifier's first page first (its top-1 is the better of the two with
 * a question bank, and the confidence model is fitted on it); the rest follow the fused order.
 * Chosen on the development harness (bench/ask-dev.ts; lib/ask/README.md).
 */
export interface FusionSettings {
  k: number;
  /** Weight of the encoder's ranking (the classifier's is 1). */
  encoderWeight: number;
  keepFirst: boolean;
}

/** With a question bank. */
export const ENCODER_FUSION: FusionSettings = { k: 10, encoderWeight: 1, keepFirst: true };
/**
 * Without one (an owner's first site, or a bank too small to train on): the classifier has
 * only the pages' own words to go on, and the encoder leads.
 */
export const ENCODER_FUSION_NO_BANK: FusionSettings = { k: 10, encoderWeight: 2, keepFirst: false };
/** Below this many bank questions the site counts as having none. */
export const MIN_BANK_FOR_FUSION = 30;

/** What the encoder says about a question, for the confidence model. */
export interface EncoderSignals {
  /** The best unit cosine over all pages. */
  best: number;
  /** That minus the best cosine of the runner-up page. */
  margin: number;
  /** 1 when the encoder's best page is the fused ranking's first. */
  agree: number;
}

/**
 * The fused order. The pages carry the classifier's probabilities by rank (the first page
 * keeps its own, the second gets the second highest and so on), so scores stay in order and
 * sum to the same total.
 */
export function fuse(classifier: PageProbability[], encoder: ReadonlyMap<string, number>, s: FusionSettings): PageProbability[] {
  if (classifier.length === 0) return classifier;
  const byEncoder = [...classifier].map((p) => p.url).sort((a, b) => (encoder.get(b) ?? -1) - (encoder.get(a) ?? -1) || (a < b ? -1 : 1));
  const encRank = new Map(byEncoder.map((u, i) => [u, i]));
  const score = (url: string, i: number) => 1 / (s.k + i + 1) + s.encoderWeight / (s.k + (encRank.get(url) ?? classifier.length) + 1);
  const scored = classifier.map((p, i) => ({ url: p.url, f: score(p.url, i), i }));
  const first = s.keepFirst ? scored.slice(0, 1) : [];
  const rest = (s.keepFirst ? scored.slice(1) : scored).sort((a, b) => b.f - a.f || a.i - b.i);
  const probs = classifier.map((p) => p.p);
  return [...first, ...rest].map((x, i) => ({ url: x.url, p: probs[i] }));
}

/** The encoder's signals for a fused ranking. */
export function encoderSignals(encoder: ReadonlyMap<string, number>, fusedFirst: string | undefined): EncoderSignals {
  let best = -1;
  let second = -1;
  let bestUrl: string | undefined;
  for (const [url, c] of encoder) {
    if (c > best) {
      second = best;
      best = c;
      bestUrl = url;
    } else if (c > second) second = c;
  }
  return {
    best: Math.max(0, best),
    margin: best > -1 && second > -1 ? best - second : 0,
    agree: bestUrl !== undefined && bestUrl === fusedFirst ? 1 : 0,
  };
}

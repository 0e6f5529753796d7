import type { PageProbability } from "./embedded-model";

/**
 * How the classifier's ranking (fastText × BM25) and the encoder's (each page's best unit
 * cosine) make one: a product of experts, as BM25 joins the classifier,
 *
 *   p(page) ∝ p_classifier(page) · exp(γ · cosine(page)),
 *
 * renormalized. A cosine difference of 0.1 between two pages weighs e^(0.1γ) against the
 * classifier's odds, so the encoder decides where the classifier hesitates and leaves it
 * alone where it is sure; the result is still a probability, which the confidence model reads.
 *
 * Chosen on the development harness (bench/ask-dev.ts; lib/ask/README.md) against
 * reciprocal-rank fusion (`fuseRanks`, the previous attempt's choice): better on every column
 * there, with the bank and without.
 */
export interface FusionSettings {
  /** The encoder's weight γ (0: the classifier alone). */
  gamma: number;
}

/**
 * γ 30, with the bank and without: a flat region (γ 20–45 rank alike), between the two cases'
 * best. Harness, seed 1 (reciprocal-rank fusion with the classifier's first page kept, k 10, in
 * brackets): with the bank, held-out page questions top-1 / top-3 0.557 / 0.714 (0.513 / 0.696),
 * misspelt 0.539 / 0.697 (0.501 / 0.676), no-shared paraphrases 0.598 / 0.675 (0.521 / 0.667);
 * with the bank emptied, held-out top-3 0.736 (0.717) and no-shared 0.419 (0.359; 0.427 for the
 * encoder weighted twice).
 */
export const ENCODER_FUSION: FusionSettings = { gamma: 30 };

/** What the encoder says about a question, for the confidence model. */
export interface EncoderSignals {
  /** The best unit cosine over all pages. */
  best: number;
  /** That minus the best cosine of the runner-up page. */
  margin: number;
  /** 1 when the encoder's best page is the fused ranking's first. */
  agree: number;
}

/** The fused ranking, highest first (ties by URL). */
export function fuse(classifier: PageProbability[], encoder: ReadonlyMap<string, number>, s: FusionSettings): PageProbability[] {
  if (classifier.length === 0) return classifier;
  const logits = classifier.map(({ url, p }) => Math.log(Math.max(p, 1e-9)) + s.gamma * Math.max(-1, encoder.get(url) ?? -1));
  const max = Math.max(...logits);
  const e = logits.map((l) => Math.exp(l - max));
  const sum = e.reduce((a, b) => a + b, 0);
  return classifier.map(({ url }, i) => ({ url, p: e[i] / sum })).sort((a, b) => b.p - a.p || (a.url < b.url ? -1 : 1));
}

/**
 * Reciprocal-rank fusion, measured on the harness and not shipped: each page scores
 * 1 / (k + rank) for the classifier plus w / (k + rank) for the encoder; `keepFirst` keeps the
 * classifier's first page first. The pages carry the classifier's probabilities by rank.
 */
export function fuseRanks(
  classifier: PageProbability[],
  encoder: ReadonlyMap<string, number>,
  s: { k: number; encoderWeight: number; keepFirst: boolean },
): PageProbability[] {
  if (classifier.length === 0) return classifier;
  const byEncoder = classifier.map((p) => p.url).sort((a, b) => (encoder.get(b) ?? -1) - (encoder.get(a) ?? -1) || (a < b ? -1 : 1));
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

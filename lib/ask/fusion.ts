import type { PageProbability } from "./embedded-model";

/**
 * How the classifier's ranking (fastText × BM25) and the encoder's (each page's score, from
 * its best units and their centroid: `pageScores`, lib/ask/encoder.ts) make one: a product of
 * experts, as BM25 joins the classifier,
 *
 *   p(page) ∝ p_classifier(page) · exp(γ · score(page)),
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
 * γ 60, with the bank and without, over page scores that mix the mean of each page's best
 * three units with its centroid cosine (`pageScores`, lib/ask/encoder.ts), against a
 * classifier whose fastText half is at a temperature of ½ (FUSION.temperature,
 * lib/ask/embedded-model.ts): per unit of fastText's log-odds the encoder weighs 120, BM25
 * twice what it did. Chosen on the development harness, seeds 1–2, against γ 20–120 over one,
 * two or three units, the centroid alone and other mixtures (γ 80 with fastText as it is,
 * until the temperature), and γ 40–100 at temperatures ½–1¼; a γ that depends on whether the
 * site has a bank, or on how much of the question the site's words cover, gained nothing
 * beyond noise (lib/ask/README.md has the figures).
 */
export const ENCODER_FUSION: FusionSettings = { gamma: 60 };

/** What the encoder says about a question, for the confidence model. */
export interface EncoderSignals {
  /** The best page score (`pageScores`: best units and centroid) over all pages. */
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

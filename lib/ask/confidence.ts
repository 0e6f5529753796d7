import { buildSingleton } from "@/lib/build-output";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { QuestionSignals } from "./embedded-model";
import type { EncoderSignals } from "./fusion";

/**
 * How likely /ask's best page is the right one, as a probability that means the same
 * thing for every question, and the line below which /ask answers "nothing here".
 *
 * A classifier's softmax is not that: it spreads all its mass over the site's pages even
 * for "who won the world series", so its top probability is high for questions the site
 * cannot answer. Confidence is a logistic regression over what the question shares with
 * the site (lib/ask/embedded-model.ts QuestionSignals) and the ranker's top probability,
 * fitted at build time (scripts/build/ask-confidence.ts) on questions the model never saw:
 * the pages' own front-matter questions, held out of training fold by fold, and questions
 * no personal site answers (lib/ask/off-topic.ts).
 */

export const CONFIDENCE_FILE = "ask-confidence.json";

export interface ConfidenceModel {
  version: 1;
  /** Logistic weights over `features()`, intercept first. */
  weights: number[];
  /** /ask abstains when the best page's confidence is below this. */
  threshold: number;
  /** What the fit saw, for the build log and the closing figures. */
  fitted: { answerable: number; offTopic: number; abstainAnswerable: number; abstainOffTopic: number };
  /**
   * The same fit with the encoder's signals (`encoderFeatures`), on the fused ranking: used
   * when the encoder answered, the weights above when it did not (off, slow, failed).
   */
  encoder?: { weights: number[]; threshold: number; fitted: ConfidenceModel["fitted"] };
}

/**
 * Feature vector: intercept, log-odds of the ranker's top probability, then the signals.
 * (The question's length was tried too and left out: the fit's page questions are whole
 * sentences, so it learnt "short means off-topic" and would withhold visitors' fragments.
 * `own`, the share of words known without the bridge, was measured and left out too: chosen
 * on the development harness, it withheld more of visitors' questions on the frozen sets
 * without refusing more off-topic ones; lib/ask/README.md.)
 */
export function features(top: number, s: QuestionSignals): number[] {
  const p = Math.min(1 - 1e-6, Math.max(1e-6, top));
  return [1, Math.log(p / (1 - p)) / 5, s.coverage, s.found, s.known, s.familiar];
}

/** With the encoder: its best unit cosine, its margin over the next page and whether it agrees with the fused first page. */
export function encoderFeatures(top: number, s: QuestionSignals, e: EncoderSignals): number[] {
  return [...features(top, s), e.best, e.margin, e.agree];
}

/** Features() has this many entries; a model fitted over another vector is not loaded. */
const FEATURES = features(0.5, { coverage: 0, found: 0, known: 0, familiar: 0 }).length;
const ENCODER_FEATURES = FEATURES + 3;

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** The logistic model's probability for a feature vector. */
export function probability(weights: readonly number[], x: readonly number[]): number {
  return sigmoid(x.reduce((z, xi, i) => z + xi * (weights[i] ?? 0), 0));
}

/**
 * P(the best page is right) for a ranking whose best page has probability `top`; with the
 * encoder's signals when it answered and the build fitted them.
 */
export function confidence(
  model: Pick<ConfidenceModel, "weights" | "encoder">,
  top: number,
  s: QuestionSignals,
  e?: EncoderSignals,
): number {
  if (e && model.encoder) return probability(model.encoder.weights, encoderFeatures(top, s, e));
  return probability(model.weights, features(top, s));
}

/** The threshold that goes with `confidence(model, …, e)`. */
export function thresholdFor(model: Pick<ConfidenceModel, "threshold" | "encoder">, e?: EncoderSignals): number {
  return e && model.encoder ? model.encoder.threshold : model.threshold;
}

/** True when /ask should answer "nothing here" rather than offer a page this unlikely. */
export function abstains(model: Pick<ConfidenceModel, "threshold">, p: number): boolean {
  return p < model.threshold;
}

/**
 * Logistic regression by gradient descent with a little L2 (not on the intercept); the
 * two classes weigh the same whatever their counts, so a site with few questions still
 * learns what off-topic looks like.
 */
export function fitLogistic(samples: { x: number[]; y: 0 | 1 }[], opts = { iterations: 4000, rate: 0.5, l2: 1e-3 }): number[] {
  const d = samples[0]?.x.length ?? 0;
  const w = new Array<number>(d).fill(0);
  const pos = samples.filter((s) => s.y === 1).length;
  const neg = samples.length - pos;
  if (!pos || !neg) return w;
  const weightOf = (y: 0 | 1) => (y ? 0.5 / pos : 0.5 / neg);
  for (let it = 0; it < opts.iterations; it++) {
    const g = new Array<number>(d).fill(0);
    for (const { x, y } of samples) {
      const err = (sigmoid(x.reduce((z, xi, i) => z + xi * w[i], 0)) - y) * weightOf(y);
      for (let i = 0; i < d; i++) g[i] += err * x[i];
    }
    for (let i = 0; i < d; i++) w[i] -= opts.rate * (g[i] + (i ? opts.l2 * w[i] : 0));
  }
  return w;
}

/**
 * The highest threshold that keeps at most `maxLost` of the correctly answered held-out
 * questions: a visitor loses a right answer rarely, and everything less likely than the
 * least likely of those right answers is withheld.
 */
export function chooseThreshold(rightAnswers: number[], maxLost = 0.05): number {
  if (rightAnswers.length === 0) return 0;
  const sorted = [...rightAnswers].sort((a, b) => a - b);
  const k = Math.floor(sorted.length * maxLost);
  return sorted[k];
}

/** The fitted model beside the ranker's files, or null (then /ask never abstains). */
export function loadConfidence(dir: string): Promise<ConfidenceModel | null> {
  const key = path.resolve(dir);
  const cache = buildSingleton("ask-confidence", () => new Map<string, Promise<ConfidenceModel | null>>());
  let got = cache.get(key);
  if (!got) {
    got = readFile(path.join(key, CONFIDENCE_FILE), "utf8").then(
      (s) => {
        const m = JSON.parse(s) as ConfidenceModel;
        if (!(m?.version === 1 && Array.isArray(m.weights) && m.weights.length === FEATURES && Number.isFinite(m.threshold))) return null;
        // An encoder fit over another feature vector is dropped, not the whole model.
        const enc = m.encoder;
        return enc && !(Array.isArray(enc.weights) && enc.weights.length === ENCODER_FEATURES && Number.isFinite(enc.threshold))
          ? { ...m, encoder: undefined }
          : m;
      },
      () => null,
    );
    cache.set(key, got);
    got.then((m) => m ?? cache.delete(key));
  }
  return got;
}

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadEmbeddedModel, trainEmbeddedModel, type EmbeddedModel } from "@/lib/ask/embedded-model";
import { askQuestions } from "@/lib/ask/training-data";
import { chooseThreshold, features, fitLogistic, probability, type ConfidenceModel } from "@/lib/ask/confidence";
import { OFF_TOPIC_QUESTIONS } from "@/lib/ask/off-topic";
import type { Doc } from "@/lib/content/types";

/** Folds of the pages' front-matter questions: each fold is answered by a model trained without it. */
export const FOLDS = 3;
/** Right answers /ask may withhold at most (the abstention threshold's budget). */
export const MAX_LOST = 0.02;
/**
 * Below this many held-out question-bank questions, the threshold keeps only the right
 * answers' rule: too few visitor-worded questions to say where visitors' confidence lies.
 */
export const MIN_BANK_QUESTIONS = 30;

/**
 * For each fold of the pages' front-matter questions, a model trained without them, handed
 * to `visit` with the questions it never saw (skipped when the fold is empty). The one
 * definition of the folds, for the build's fit and the development harness (bench/ask-dev.ts).
 */
export async function eachHeldOutFold(
  docs: Doc[],
  seed: number | undefined,
  visit: (fold: number, model: EmbeddedModel, held: { q: string; url: string }[]) => void,
): Promise<void> {
  for (let fold = 0; fold < FOLDS; fold++) {
    const held = docs.flatMap((d) =>
      askQuestions(d)
        .filter((_, i) => i % FOLDS === fold)
        .map((q) => ({ q, url: d.url })),
    );
    if (held.length === 0) continue;
    const training = docs.map((d) => ({ ...d, questions: askQuestions(d).filter((_, i) => i % FOLDS !== fold), bank: [] }));
    const dir = await mkdtemp(path.join(tmpdir(), "ask-confidence-"));
    try {
      await trainEmbeddedModel(training, dir, seed === undefined ? {} : { seed });
      const model = await loadEmbeddedModel(dir);
      if (model) visit(fold, model, held);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

/**
 * Fits /ask's confidence model (lib/ask/confidence.ts) on questions the ranker never saw:
 * for each fold, a model trained without that fold's front-matter questions answers them
 * and the off-topic questions. Costs FOLDS extra trainings of the model at build time.
 */
export async function fitAskConfidence(docs: Doc[], seed?: number): Promise<ConfidenceModel | null> {
  const samples: { x: number[]; y: 0 | 1; answerable: boolean; bank?: boolean }[] = [];
  const banked = new Set(docs.flatMap((d) => (d.bank ?? []).map((q) => `${d.url}\n${q}`)));
  await eachHeldOutFold(docs, seed, (_fold, model, held) => {
    for (const { q, url } of held) {
      const r = model.rankWithSignals(q);
      samples.push({
        x: features(r.pages[0].p, r.signals),
        y: r.pages[0].url === url ? 1 : 0,
        answerable: true,
        bank: banked.has(`${url}\n${q}`),
      });
    }
    for (const q of OFF_TOPIC_QUESTIONS) {
      const r = model.rankWithSignals(q);
      samples.push({ x: features(r.pages[0].p, r.signals), y: 0, answerable: false });
    }
  });
  const answerable = samples.filter((s) => s.answerable);
  if (!answerable.some((s) => s.y === 1)) return null;
  const weights = fitLogistic(samples);
  const p = (x: number[]) => probability(weights, x);
  // Visitors' own words (the bank) score lower than the pages' own questions, and off-topic
  // questions score like them (bench/ask-dev.ts: at any threshold, the share of no-shared
  // paraphrases refused is about the share of off-topic questions refused). So the threshold
  // also keeps all but MAX_LOST of the held-out bank questions, right or wrong: refusing a
  // real question costs more than a low-scored answer to an off-topic one.
  const bank = answerable.filter((s) => s.bank).map((s) => p(s.x));
  const right = chooseThreshold(
    answerable.filter((s) => s.y === 1).map((s) => p(s.x)),
    MAX_LOST,
  );
  const threshold = bank.length >= MIN_BANK_QUESTIONS ? Math.min(right, chooseThreshold(bank, MAX_LOST)) : right;
  const offTopic = samples.filter((s) => !s.answerable);
  const share = (xs: typeof samples) => (xs.length ? xs.filter((s) => p(s.x) < threshold).length / xs.length : 0);
  return {
    version: 1,
    weights: weights.map((w) => Math.round(w * 1e4) / 1e4),
    threshold: Math.round(threshold * 1e4) / 1e4,
    fitted: {
      answerable: answerable.length,
      offTopic: offTopic.length,
      abstainAnswerable: Math.round(share(answerable) * 1000) / 1000,
      abstainOffTopic: Math.round(share(offTopic) * 1000) / 1000,
    },
  };
}

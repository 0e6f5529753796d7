import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ENSEMBLE, loadEmbeddedModel, trainEmbeddedModel, type EmbeddedModel, type HYPERPARAMETERS } from "@/lib/ask/embedded-model";
import { askQuestions } from "@/lib/ask/training-data";
import { chooseThreshold, encoderFeatures, features, fitLogistic, probability, type ConfidenceModel } from "@/lib/ask/confidence";
import { pageScores, type VectorIndex } from "@/lib/ask/encoder";
import { ENCODER_FUSION, encoderSignals, fuse } from "@/lib/ask/fusion";
import { vectorTexts, type UnitStore } from "./ask-vectors";
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
  /**
   * The seed (undefined: HYPERPARAMETERS'); the development harness may train more ensemble
   * members than ship, to compare ensembles on one set of folds, and other hyper-parameters.
   */
  train: { seed?: number; members?: number; hyperparameters?: Partial<Record<keyof typeof HYPERPARAMETERS, number>> },
  visit: (fold: number, model: EmbeddedModel, held: { q: string; url: string }[], training: Doc[]) => void | Promise<void>,
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
      await trainEmbeddedModel(
        training,
        dir,
        { ...train.hyperparameters, ...(train.seed === undefined ? {} : { seed: train.seed }) },
        {
          members: train.members ?? ENSEMBLE.members,
        },
      );
      const model = await loadEmbeddedModel(dir);
      if (model) await visit(fold, model, held, training);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

/** The encoder's page scores for a question vector, by URL. */
export function encoderView(index: VectorIndex, v: Float32Array): Map<string, number> {
  const best = pageScores(index, v);
  return new Map(index.urls.map((u, i) => [u, best[i]]));
}

type Sample = { x: number[]; y: 0 | 1; answerable: boolean; bank?: boolean };

/**
 * Fits /ask's confidence model (lib/ask/confidence.ts) on questions the ranker never saw:
 * for each fold, a model trained without that fold's front-matter questions answers them
 * and the off-topic questions. Costs FOLDS extra trainings of the model at build time.
 * With the encoder's unit vectors (`store`), a second fit reads the fused ranking and the
 * encoder's signals; each fold's encoder knows only the units of the pages it was trained on.
 */
export async function fitAskConfidence(docs: Doc[], seed?: number, store?: UnitStore): Promise<ConfidenceModel | null> {
  const samples: Sample[] = [];
  const withEncoder: Sample[] = [];
  const banked = new Set(docs.flatMap((d) => (d.bank ?? []).map((q) => `${d.url}\n${q}`)));
  if (store) await store.ensure([...vectorTexts(docs), ...docs.flatMap((d) => askQuestions(d)), ...OFF_TOPIC_QUESTIONS]);
  await eachHeldOutFold(docs, { seed }, async (_fold, model, held, training) => {
    const index = store?.index(training);
    // The encoder reads a question with its typos corrected, as the server does.
    await store?.ensure([...held.map((h) => model.spelled(h.q)), ...OFF_TOPIC_QUESTIONS.map((q) => model.spelled(q))]);
    const add = (q: string, url: string | null) => {
      const r = model.rankWithSignals(q);
      const bank = url !== null && banked.has(`${url}\n${q}`);
      samples.push({ x: features(r.pages[0].p, r.signals), y: r.pages[0].url === url ? 1 : 0, answerable: url !== null, bank });
      if (!index || !store) return;
      const view = encoderView(index, store.vector(model.spelled(q)));
      const fused = fuse(r.pages, view, ENCODER_FUSION);
      withEncoder.push({
        x: encoderFeatures(fused[0].p, r.signals, encoderSignals(view, fused[0].url)),
        y: fused[0].url === url ? 1 : 0,
        answerable: url !== null,
        bank,
      });
    };
    for (const { q, url } of held) add(q, url);
    for (const q of OFF_TOPIC_QUESTIONS) add(q, null);
  });
  const plain = fitSamples(samples);
  if (!plain) return null;
  const enc = withEncoder.length ? fitSamples(withEncoder) : null;
  return { version: 1, ...plain, ...(enc ? { encoder: enc } : {}) };
}

function fitSamples(samples: Sample[]): Pick<ConfidenceModel, "weights" | "threshold" | "fitted"> | null {
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
  // Without a bank there is no visitor-worded question to place the threshold by, and the
  // development harness (bank emptied) shows why it matters: the rule above refuses 70–74% of
  // the no-shared paraphrases, and at any threshold they are refused as often as off-topic
  // questions (at 10 / 20 / 30% of them, 6 / 11–16 / 25–27% of off-topic ones). So such a
  // site never abstains; its scores still say how likely the best page is.
  const threshold = bank.length >= MIN_BANK_QUESTIONS ? Math.min(right, chooseThreshold(bank, MAX_LOST)) : 0;
  const offTopic = samples.filter((s) => !s.answerable);
  const share = (xs: typeof samples) => (xs.length ? xs.filter((s) => p(s.x) < threshold).length / xs.length : 0);
  return {
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

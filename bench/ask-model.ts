import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { builtCorpus } from "../lib/content/corpus";
import { searchSite } from "../lib/search/search";
import { existsSync } from "node:fs";
import { HYPERPARAMETERS, loadEmbeddedModel, trainEmbeddedModel, type EmbeddedModel } from "../lib/ask/embedded-model";
import { EVAL_SETS, evaluate, printEvaluation, readEvalSet, type EvalQuestion, type Ranker } from "../lib/ask/evaluate";
import { abstains, confidence, type ConfidenceModel } from "../lib/ask/confidence";
import { fitAskConfidence } from "../scripts/build/ask-confidence";
import { percentile } from "./load";

const REPS = Number(process.env.BENCH_ASK_REPS ?? 50);

/**
 * The embedded /ask model on the built demo corpus, at several seeds: training and
 * confidence-fit time, model size, top-1/top-3 accuracy and abstention with and without the
 * confidence model against lexical search on both frozen evaluation sets (the original and
 * the blind one; lib/ask/evaluate.ts), calibration on them, and in-process predict latency
 * (target p99 < 50 ms).
 */
export async function benchAskModel() {
  const { docs, standing, answerable } = builtCorpus();
  const pages = [...docs, ...standing];
  const sets = Object.entries(EVAL_SETS).flatMap(([name, file]) =>
    existsSync(file) ? [{ name, file, set: readEvalSet(file, answerable) }] : [],
  );
  const seeds = (process.env.BENCH_ASK_SEEDS ?? "1,2,3").split(",").map(Number);
  const lexical: Ranker = (q) => searchSite(q, 10).results.map((r) => r.url);
  let timed: EmbeddedModel | null = null;
  for (const seed of seeds) {
    const dir = await mkdtemp(path.join(tmpdir(), "bench-ask-"));
    try {
      const trained = await trainEmbeddedModel(pages, dir, { seed });
      const model = await loadEmbeddedModel(dir);
      if (!model) throw new Error("the model just trained could not be loaded");
      const fitStarted = performance.now();
      const fit = await fitAskConfidence(pages, seed);
      const fitMs = performance.now() - fitStarted;
      const h = HYPERPARAMETERS;
      console.log(`\n/ask embedded model, seed ${seed} (fastText supervised, ${trained.pages} pages)`);
      console.log(
        `  training  ${trained.ms} ms   model ${(trained.bytes / 1e6).toFixed(2)} MB   (dim ${h.dim}, epoch ${h.epoch}, lr ${h.lr}, subwords ${h.minn}-${h.maxn}, bucket ${h.bucket})`,
      );
      if (fit)
        console.log(
          `  confidence fit ${Math.round(fitMs)} ms: abstains below ${fit.threshold.toFixed(2)}; on its own held-out questions ${pct(fit.fitted.abstainAnswerable)} of ${fit.fitted.answerable} page questions and ${pct(fit.fitted.abstainOffTopic)} of ${fit.fitted.offTopic} off-topic abstain`,
        );
      const embedded: Ranker = (q) => model.rank(q).map((r) => r.url);
      const calibrated: Ranker = (q) => {
        const r = model.rankWithSignals(q);
        return fit && abstains(fit, confidence(fit, r.pages[0].p, r.signals)) ? [] : r.pages.map((x) => x.url);
      };
      for (const { name, file, set } of sets) {
        console.log(`\n  ${name} set: ${set.length} questions (${path.relative(process.cwd(), file)})`);
        printEvaluation(evaluate({ "+abstain": calibrated, embedded, lexical }, set), { misses: process.env.BENCH_ASK_MISSES === "1" });
      }
      if (fit) for (const { name, set } of sets) console.log(reliability(name, set, model, fit));
      timed ??= model;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  console.log("  targets on the blind set: top-3 ≥ 0.85 answerable, ≥ 0.75 no-shared; ≥ 90% of off-topic and ≤ 5% of answerable abstain");

  const questions = sets.flatMap((s) => s.set.map((x) => x.q));
  for (const q of questions) timed!.rankWithSignals(q); // warm up
  const times: number[] = [];
  for (let r = 0; r < REPS; r++) {
    for (const q of questions) {
      const t = performance.now();
      timed!.rankWithSignals(q);
      times.push(performance.now() - t);
    }
  }
  console.log(`\n/ask embedded predict in process, ${times.length} calls (every page scored, with the confidence signals)`);
  console.log(`  p50 ${percentile(times, 50).toFixed(3)} ms   p99 ${percentile(times, 99).toFixed(3)} ms   (target p99 < 50 ms)`);
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** Calibration on a set the fit never saw: in each band of stated confidence, how often the best page was right. */
function reliability(name: string, set: EvalQuestion[], model: EmbeddedModel, fit: ConfidenceModel): string {
  const bands = [0, 0.3, 0.5, 0.7, 0.9, 1.01];
  const rows = bands.slice(0, -1).map(() => ({ n: 0, right: 0, stated: 0 }));
  for (const x of set) {
    const r = model.rankWithSignals(x.q);
    const c = confidence(fit, r.pages[0].p, r.signals);
    const right = x.url !== null && [x.url, ...(x.also ?? [])].includes(r.pages[0].url);
    const b = bands.findIndex((lo, i) => c >= lo && c < bands[i + 1]);
    rows[b].n++;
    rows[b].stated += c;
    if (right) rows[b].right++;
  }
  const cells = rows.map((r, i) =>
    r.n
      ? `${bands[i].toFixed(1)}-${Math.min(1, bands[i + 1]).toFixed(1)}: said ${pct(r.stated / r.n)}, right ${pct(r.right / r.n)} (${r.n})`
      : "",
  );
  return `  calibration on the ${name} set (best page): ${cells.filter(Boolean).join("; ")}`;
}

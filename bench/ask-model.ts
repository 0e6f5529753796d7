import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { getCorpus } from "../lib/content/corpus";
import { searchSite } from "../lib/search/search";
import { HYPERPARAMETERS, loadEmbeddedModel, trainEmbeddedModel } from "../lib/ask/embedded-model";
import { evaluate, printEvaluation, readEvalSet } from "../lib/ask/evaluate";
import { percentile } from "./load";

const REPS = Number(process.env.BENCH_ASK_REPS ?? 50);

/**
 * The embedded /ask model on the built demo corpus: training time and model size, top-1 and
 * top-3 accuracy against lexical search over tests/fixtures/ask-eval.json (whole set, the
 * questions sharing no content word with their page, the rest), and in-process predict
 * latency over the eval questions (target p99 < 50 ms).
 */
export async function benchAskModel() {
  const { docs } = getCorpus();
  const set = readEvalSet();
  const dir = await mkdtemp(path.join(tmpdir(), "bench-ask-"));
  try {
    const trained = await trainEmbeddedModel(docs, dir);
    const model = await loadEmbeddedModel(dir);
    if (!model) throw new Error("the model just trained could not be loaded");
    const h = HYPERPARAMETERS;
    console.log(`\n/ask embedded model (fastText supervised, ${trained.pages} pages)`);
    console.log(
      `  training  ${trained.ms} ms   model ${(trained.bytes / 1e6).toFixed(2)} MB   (dim ${h.dim}, epoch ${h.epoch}, lr ${h.lr}, subwords ${h.minn}-${h.maxn}, bucket ${h.bucket})`,
    );

    const table = evaluate(
      {
        embedded: (q) => model.rank(q).map((r) => r.url),
        lexical: (q) => searchSite(q, 10).results.map((r) => r.url),
      },
      set,
    );
    console.log(`\n/ask ranking accuracy, ${set.length} questions (tests/fixtures/ask-eval.json)`);
    printEvaluation(table, { misses: process.env.BENCH_ASK_MISSES === "1" });
    const [embedded, lexical] = table;
    console.log(
      `  target: embedded top-3 ≥ 0.75 on no-shared (${embedded.noSharedWord.top3.toFixed(2)}; lexical ${lexical.noSharedWord.top3.toFixed(2)}), ` +
        `not below lexical on the rest (${embedded.rest.top3.toFixed(2)} vs ${lexical.rest.top3.toFixed(2)} top-3)`,
    );

    for (const { q } of set) model.rank(q); // warm up
    const times: number[] = [];
    for (let r = 0; r < REPS; r++) {
      for (const { q } of set) {
        const t = performance.now();
        model.rank(q);
        times.push(performance.now() - t);
      }
    }
    console.log(`\n/ask embedded predict in process, ${times.length} calls (every page scored)`);
    console.log(`  p50 ${percentile(times, 50).toFixed(3)} ms   p99 ${percentile(times, 99).toFixed(3)} ms   (target p99 < 50 ms)`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

import { mkdtemp, rm } from "node:fs/promises";
import { PerformanceObserver } from "node:perf_hooks";
import { tmpdir } from "node:os";
import path from "node:path";
import { builtCorpus } from "../lib/content/corpus";
import { searchSite } from "../lib/search/search";
import { existsSync, readdirSync, statSync } from "node:fs";
import { HYPERPARAMETERS, loadEmbeddedModel, trainEmbeddedModel, type EmbeddedModel } from "../lib/ask/embedded-model";
import { EVAL_SETS, abstentionCurve, evaluate, printEvaluation, readEvalSet, type EvalQuestion, type Ranker } from "../lib/ask/evaluate";
import { abstains, confidence, thresholdFor, type ConfidenceModel } from "../lib/ask/confidence";
import { encoderView, fitAskConfidence } from "../scripts/build/ask-confidence";
import { percentile } from "./load";
import { pageScores, liteEncoder, type VectorIndex } from "../lib/ask/encoder";
import { EncoderThread, type BatchTiming, type EncoderThreadOptions, type WarmUp } from "../lib/ask/encoder-thread";
import { ENCODER_FUSION, encoderSignals, fuse, type EncoderSignals, type FusionSettings } from "../lib/ask/fusion";
import { UnitStore, vectorTexts } from "../scripts/build/ask-vectors";
import { loadVectorIndex } from "../lib/ask/encoder-runtime";
import { siteFile } from "../lib/build-output";

const REPS = Number(process.env.BENCH_ASK_REPS ?? 50);

/**
 * The embedded /ask model on the built demo corpus, at several seeds: training and
 * confidence-fit time, model size, top-1/top-3 accuracy and abstention with and without the
 * confidence model against lexical search on both frozen evaluation sets (the original and
 * the blind one; lib/ask/evaluate.ts), calibration on them, and in-process predict latency
 * (target p99 < 50 ms).
 */
export async function benchAskModel() {
  if (process.env.BENCH_ASK_SEEDS === "built") return benchBuiltPredict();
  const { docs, standing, answerable } = builtCorpus();
  // BENCH_ASK_NOBANK=1: an owner with no question bank (content/questions.md emptied).
  const noBank = process.env.BENCH_ASK_NOBANK === "1";
  const pages = [...docs, ...standing].filter((d) => d.listing !== "tag").map((d) => (noBank ? { ...d, bank: [] } : d));
  // BENCH_ASK_ENCODER=0: the classifier and BM25 alone, as ASK_ENCODER=off serves.
  const store = process.env.BENCH_ASK_ENCODER === "0" ? undefined : await UnitStore.open(liteEncoder());
  const fusion = ENCODER_FUSION;
  if (noBank) console.log("\n/ask with the question bank emptied (BENCH_ASK_NOBANK=1)");
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
      const fit = await fitAskConfidence(pages, seed, store);
      let index: VectorIndex | undefined;
      if (store) {
        await store.ensure(sets.flatMap((x) => x.set.map((q) => model.spelled(q.q))));
        await store.save();
        index = store.index(pages);
      }
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
      /** What /ask serves: the classifier (× BM25) fused with the encoder when there is one. */
      const served = (q: string) => {
        const r = model.rankWithSignals(q);
        if (!index || !store) return { pages: r.pages, signals: r.signals, es: undefined as EncoderSignals | undefined };
        const view = encoderView(index, store.vector(model.spelled(q)));
        const fused = fuse(r.pages, view, fusion);
        return { pages: fused, signals: r.signals, es: encoderSignals(view, fused[0].url) };
      };
      const calibrated: Ranker = (q) => {
        const r = served(q);
        return fit && abstains({ threshold: thresholdFor(fit, r.es) }, confidence(fit, r.pages[0].p, r.signals, r.es))
          ? []
          : r.pages.map((x) => x.url);
      };
      const rankers: Record<string, Ranker> = { "+abstain": calibrated };
      if (index) {
        rankers.fused = (q) => served(q).pages.map((x) => x.url);
        rankers.encoder = (q) => {
          const v = encoderView(index!, store!.vector(model.spelled(q)));
          return [...v].sort((a, b) => b[1] - a[1]).map(([u]) => u);
        };
      }
      Object.assign(rankers, { embedded, lexical });
      for (const { name, file, set } of sets) {
        console.log(`\n  ${name} set: ${set.length} questions (${path.relative(process.cwd(), file)})`);
        printEvaluation(evaluate(rankers, set), { misses: process.env.BENCH_ASK_MISSES === "1" });
        const strict = set.filter((x) => x.strict);
        if (strict.length) {
          const t = evaluate({ "+abstain": calibrated }, strict)[0];
          console.log(
            `  strict no-shared subset (${strict.length}): served top-1 / top-3 ${t.all.top1.toFixed(2)} / ${t.all.top3.toFixed(2)}`,
          );
        }
      }
      if (fit) for (const { name, set } of sets) console.log(reliability(name, set, served, fit));
      if (fit) for (const { name, set } of sets) console.log(curves(name, set, served, fit));
      timed ??= model;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  console.log("  targets on the blind set: top-3 ≥ 0.85 answerable, ≥ 0.75 no-shared; ≥ 90% of off-topic and ≤ 5% of answerable abstain");

  const questions = sets.flatMap((s) => s.set.map((x) => x.q));
  await timePredict(timed!, store ? store.index(pages) : undefined, questions, fusion);
  if (store && process.env.BENCH_ASK_BUILD !== "0") await timeUnitBuild(pages);
}

/**
 * `BENCH_ASK_SEEDS=built`: only the request-time figures, on the model and vectors the content
 * build made (`npm run build:content`), without training at three seeds first.
 */
async function benchBuiltPredict() {
  const dir = path.dirname(siteFile("ask-labels.json"));
  const model = await loadEmbeddedModel(dir);
  if (!model) throw new Error(`no /ask model in ${dir}: run npm run build:content`);
  const { answerable } = builtCorpus();
  const questions = Object.values(EVAL_SETS).flatMap((file) => (existsSync(file) ? readEvalSet(file, answerable).map((x) => x.q) : []));
  const index = process.env.BENCH_ASK_ENCODER === "0" ? undefined : ((await loadVectorIndex(dir)) ?? undefined);
  await timePredict(model, index, questions, ENCODER_FUSION);
}

/** Predict in process: the classifier alone (as ASK_ENCODER=off serves), then with the encoder, and what the encoder installs. */
async function timePredict(model: EmbeddedModel, index: VectorIndex | undefined, questions: string[], fusion: FusionSettings) {
  for (const q of questions) model.rankWithSignals(q); // warm up
  const times: number[] = [];
  for (let r = 0; r < REPS; r++) {
    for (const q of questions) {
      const t = performance.now();
      model.rankWithSignals(q);
      times.push(performance.now() - t);
    }
  }
  console.log(`\n/ask embedded predict in process, ${times.length} calls (every page scored, with the confidence signals)`);
  console.log(`  p50 ${percentile(times, 50).toFixed(3)} ms   p99 ${percentile(times, 99).toFixed(3)} ms   (target p99 < 50 ms)`);
  if (!index) return;
  await timeWithEncoder(model, index, questions, fusion);
  const sizes = installSize();
  const mb = (b: number) => `${(b / 1e6).toFixed(1)} MB`;
  console.log(
    `  installed: ${sizes.map((x) => `${x.name} ${mb(x.bytes)}`).join(", ")}; ${mb(sizes.reduce((n, x) => n + x.bytes, 0))} in all`,
  );
}

/**
 * Predict with the encoder as the server runs it: each question new (no cached vector),
 * embedded by USE-lite in the worker thread, one at a time; then the unit scan and the fusion
 * on this thread. Where the time goes, per predict, on the clock both threads share: the
 * classifier, the message's hop to the worker, the embedding, the reply's hop back (and this
 * thread's await resuming), the scan and the fusion; which garbage collections (this
 * thread's and the worker's) fell inside it; and for the slowest 1% the same, so the p99 can
 * be put down to its causes. What the warm-up at start paid. `BENCH_ASK_PREDICT_ROUNDS`
 * (default 2) passes over the questions, each with its own suffix so that every one is new.
 */
async function timeWithEncoder(model: EmbeddedModel, index: VectorIndex, questions: string[], fusion: FusionSettings) {
  // BENCH_ASK_AB="name:opts;name:opts": worker variants (EncoderThread options as JSON, `{}` the
  // shipped defaults), each in its own worker, run in alternating rounds over the same questions.
  const variants = (process.env.BENCH_ASK_AB ?? "shipped:{}").split(";").map((x) => {
    const at = x.indexOf(":");
    return { name: x.slice(0, at), opts: JSON.parse(x.slice(at + 1)) as EncoderThreadOptions };
  });
  const origin = performance.timeOrigin;
  // This thread's garbage collections (the observer reports them later, with their start on this clock).
  const gc: { at: number; ms: number }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gc.push({ at: origin + e.startTime, ms: e.duration });
  });
  observer.observe({ type: "gc" });
  const runs = [];
  for (const v of variants) {
    const batches: BatchTiming[] = [];
    const thread = new EncoderThread({ ...v.opts, onBatch: (b) => batches.push(b) });
    runs.push({ ...v, batches, thread, warmed: await thread.ready, rows: [] as Row[], timeouts: 0 });
  }
  const distinct = [...new Set(questions)];
  const rounds = Number(process.env.BENCH_ASK_PREDICT_ROUNDS ?? 2);
  const suffixes = ["", " please", " thanks", " then", " now", " again"];
  // Each variant sees every question once per round, in slices of 64 taken in turn, so the
  // machine's load falls on all of them alike.
  for (let r = 0; r < rounds; r++) {
    const asked = distinct.map((q) => `${q}${suffixes[r % suffixes.length]}${r >= suffixes.length ? ` ${r}` : ""}`);
    for (let i = 0; i < asked.length; i += 64)
      for (const run of r % 2 ? [...runs].reverse() : runs)
        for (const q of asked.slice(i, i + 64)) {
          const row = await predictOnce(model, index, fusion, run.thread, run.batches, q);
          if (row) run.rows.push(row);
          else run.timeouts++;
        }
  }
  for (const run of runs) await run.thread.close();
  await new Promise((r) => setTimeout(r, 20));
  observer.disconnect();
  const p99s = runs.map((run) => report(run, index, gc));
  if (runs.length > 1)
    console.log(
      `\n  against ${runs[0].name}: ${runs
        .slice(1)
        .map(
          (run, i) => `${run.name} p50 ${(p99s[i + 1].p50 / p99s[0].p50).toFixed(2)}×, p99 ${(p99s[i + 1].p99 / p99s[0].p99).toFixed(2)}×`,
        )
        .join("; ")}`,
    );
}

type Row = {
  /** The question's length in words (USE-lite's cost grows with its tokens). */
  words: number;
  whole: number;
  classifier: number;
  wait: number;
  hopIn: number;
  embed: number;
  hopOut: number;
  resume: number;
  scan: number;
  fusion: number;
  span: [number, number];
};
type Part = keyof Omit<Row, "span" | "words">;

/** One question as /ask predicts it: the embedding asked first, the classifier meanwhile, then the scan and the fusion. */
async function predictOnce(
  model: EmbeddedModel,
  index: VectorIndex,
  fusion: FusionSettings,
  thread: EncoderThread,
  batches: BatchTiming[],
  q: string,
): Promise<Row | null> {
  const origin = performance.timeOrigin;
  const t = performance.now();
  const embedding = thread.embed(q, 10_000);
  const r = model.rankWithSignals(q);
  const tc = performance.now();
  const v = await embedding.catch(() => null);
  const te = performance.now();
  if (!v) return null;
  const best = pageScores(index, v);
  const ts = performance.now();
  fuse(r.pages, new Map(index.urls.map((u, i) => [u, best[i]])), fusion);
  const done = performance.now();
  const batch = batches.at(-1)!;
  const w = batch.worker!;
  return {
    words: q.split(/\s+/).length,
    whole: done - t,
    classifier: tc - t,
    wait: te - tc,
    hopIn: w.received - batch.sent,
    embed: w.end - w.received,
    hopOut: batch.read - w.end,
    resume: origin + te - batch.read,
    scan: ts - te,
    fusion: done - ts,
    span: [origin + t, origin + done],
  };
}

function report(
  run: { name: string; rows: Row[]; batches: BatchTiming[]; warmed: WarmUp; timeouts: number },
  index: VectorIndex,
  gc: { at: number; ms: number }[],
): { p50: number; p99: number } {
  const { rows, batches, warmed, timeouts } = run;
  const workerGc = batches.flatMap((b) => b.worker?.gc ?? []);
  const within = (g: { at: number; ms: number }[], [a, b]: [number, number]) =>
    g.filter((x) => x.at < b && x.at + x.ms > a).reduce((n, x) => n + Math.min(b, x.at + x.ms) - Math.max(a, x.at), 0);
  const col = (k: Part) => rows.map((r) => r[k]);
  const ms = (xs: number[], d = 1) => `p50 ${percentile(xs, 50).toFixed(d)}   p99 ${percentile(xs, 99).toFixed(d)}`;
  console.log(
    `\n/ask predict with the encoder (USE-lite in its worker${run.name === "shipped" ? "" : `, ${run.name}`}), ${rows.length} questions, each embedded anew${timeouts ? `, ${timeouts} failed` : ""}`,
  );
  console.log(
    `  warm-up at start: ${warmed.embeddings} embeddings in ${warmed.ms} ms (the first ${warmed.first} ms, the last round's median ${warmed.last} ms)`,
  );
  const half = rows.length >> 1;
  console.log(
    `  whole predict ${ms(col("whole"))} ms   (target p99 < 50 ms; the first ${half} questions ${ms(col("whole").slice(0, half))}, the rest ${ms(col("whole").slice(half))})`,
  );
  const parts: [string, Part][] = [
    ["classifier + BM25 (while the worker embeds)", "classifier"],
    ["then waiting for the vector", "wait"],
    ["  the message's hop to the worker", "hopIn"],
    ["  the worker's embedding (and normalizing)", "embed"],
    ["  the reply's hop back", "hopOut"],
    ["  this thread's await resuming", "resume"],
    [`unit scan (${index.scales.length} int8 units)`, "scan"],
    ["fusion", "fusion"],
  ];
  for (const [name, k] of parts) console.log(`    ${name.padEnd(46)} ${ms(col(k), 2)} ms`);
  const main = rows.map((r) => within(gc, r.span));
  const wgc = rows.map((r) => within(workerGc, r.span));
  console.log(
    `  GC inside a predict: this thread ${ms(main, 2)} ms; the worker ${ms(wgc, 2)} ms (${workerGc.length} pauses in ${batches.length} batches, ${workerGc.reduce((n, g) => n + g.ms, 0).toFixed(0)} ms in all, the longest ${Math.max(0, ...workerGc.map((g) => g.ms)).toFixed(1)} ms)`,
  );
  // The slowest 1%: the mean of each part over them, so the p99 reads as a sum of causes.
  const cut = percentile(col("whole"), 99);
  const slow = rows.map((r, i) => ({ r, i })).filter(({ r }) => r.whole >= cut);
  const mean = (f: (x: { r: Row; i: number }) => number) => (slow.reduce((n, x) => n + f(x), 0) / slow.length).toFixed(1);
  console.log(
    `  the slowest 1% (${slow.length}, from ${cut.toFixed(1)} ms), means: whole ${mean((x) => x.r.whole)}; ${parts.map(([, k]) => `${k} ${mean((x) => x.r[k])}`).join(", ")}; this thread's GC ${mean((x) => main[x.i])}, the worker's ${mean((x) => wgc[x.i])}; ${mean((x) => x.r.words)} words a question (all: ${(rows.reduce((n, r) => n + r.words, 0) / rows.length).toFixed(1)})`,
  );
  return { p50: percentile(col("whole"), 50), p99: cut };
}

/** The three @energetic-ai packages as installed (bytes on disk, apparent size). */
function installSize(): { name: string; bytes: number }[] {
  const root = path.join(process.cwd(), "node_modules", "@energetic-ai");
  const walk = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce(
      (n, e) => n + (e.isDirectory() ? walk(path.join(dir, e.name)) : e.isFile() ? statSync(path.join(dir, e.name)).size : 0),
      0,
    );
  return ["core", "embeddings", "model-embeddings-en"].map((name) => ({
    name: `@energetic-ai/${name}`,
    bytes: walk(path.join(root, name)),
  }));
}

/**
 * The encoder's share of the build: every unit of the demo (and the evaluation questions the
 * bench embeds) into an empty unit cache, then the same with that cache, as a rebuild does.
 */
async function timeUnitBuild(pages: Parameters<UnitStore["index"]>[0]) {
  const dir = await mkdtemp(path.join(tmpdir(), "bench-ask-units-"));
  const before = process.env.BUILD_CACHE_DIR;
  process.env.BUILD_CACHE_DIR = dir;
  try {
    const texts = [...new Set(vectorTexts(pages))];
    const time = async () => {
      const store = await UnitStore.open(liteEncoder());
      const t = performance.now();
      await store.ensure(texts);
      await store.save();
      return { ms: performance.now() - t, embedded: store.embedded };
    };
    const cold = await time();
    const cached = await time();
    console.log(
      `\n/ask encoder at build: ${texts.length} unit texts; empty cache ${(cold.ms / 1000).toFixed(1)} s (${cold.embedded} embedded), cached ${(cached.ms / 1000).toFixed(2)} s (${cached.embedded} embedded)`,
    );
  } finally {
    if (before === undefined) delete process.env.BUILD_CACHE_DIR;
    else process.env.BUILD_CACHE_DIR = before;
    await rm(dir, { recursive: true, force: true });
  }
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

/**
 * Off-topic abstention against answerable abstention at several thresholds, on what /ask
 * serves: the confidence (the shipped rule, whatever threshold) and the encoder's best
 * page score alone.
 */
function curves(
  name: string,
  set: EvalQuestion[],
  served: (q: string) => { pages: { url: string; p: number }[]; signals: Parameters<typeof confidence>[2]; es?: EncoderSignals },
  fit: ConfidenceModel,
): string {
  const rules: [string, (x: EvalQuestion) => number][] = [
    [
      "confidence",
      (x) => {
        const r = served(x.q);
        return confidence(fit, r.pages[0].p, r.signals, r.es);
      },
    ],
    ["encoder's best page score", (x) => served(x.q).es?.best ?? 0],
  ];
  return rules
    .map(([rule, score]) => {
      const rows = abstentionCurve(set, score);
      return rows.length
        ? `  abstention curve on the ${name} set, ${rule}: ${rows.map((r) => `${pct(r.lost)} answerable → ${pct(r.offTopic)} off-topic (below ${r.threshold.toFixed(2)})`).join("; ")}`
        : "";
    })
    .filter(Boolean)
    .join("\n");
}

/** Calibration on a set the fit never saw: in each band of stated confidence, how often the best page was right. */
function reliability(
  name: string,
  set: EvalQuestion[],
  served: (q: string) => { pages: { url: string; p: number }[]; signals: Parameters<typeof confidence>[2]; es?: EncoderSignals },
  fit: ConfidenceModel,
): string {
  const bands = [0, 0.3, 0.5, 0.7, 0.9, 1.01];
  const rows = bands.slice(0, -1).map(() => ({ n: 0, right: 0, stated: 0 }));
  for (const x of set) {
    const r = served(x.q);
    const c = confidence(fit, r.pages[0].p, r.signals, r.es);
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

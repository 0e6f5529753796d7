import { buildSingleton } from "@/lib/build-output";
import { env, type Env } from "@/lib/env";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastTextModule, Pair, Vector } from "fasttext.wasm";
import { processSingleton } from "@/lib/process-singleton";
import type { Doc } from "@/lib/content/types";
import { LABEL_PREFIX, askQuestions, droppedWords, labelsToUrls, normalize, normalizeQuery, trainingLines, words } from "./training-data";
import {
  SPELLING_FILE,
  asSpellingLexicon,
  englishWords,
  spellingCorrector,
  spellingLexicon,
  typedSpelling,
  type SpellingLexicon,
  type TypedSpelling,
} from "./spelling";
import { BRIDGE_FILE, buildBridge } from "./bridge";
import { LEXICON_FILE, buildLexicon, lexicalIndex, type LexicalIndex, type LexicalScores, type Lexicon } from "./lexical-index";

/**
 * The embedded /ask ranker: a fastText supervised classifier whose labels are the site's
 * pages, trained at build time on what each page says and answers (lib/ask/training-data.ts)
 * with the fastText WebAssembly runtime from `fasttext.wasm`. No network and no
 * downloaded weights: the runtime ships in the package and the weights come from the corpus.
 *
 * Loading: `fasttext.wasm` imports its Emscripten core (`dist/core/fasttext.mjs`) with a
 * runtime `import()` relative to its own file, and the core reads `fasttext.wasm` beside
 * itself with `fs` (Node never fetches). Both work from any working directory as long as
 * the package runs from node_modules, i.e. it must stay external to the Next.js server
 * bundle (`serverExternalPackages`). Models go through the runtime's in-memory file system.
 *
 * Ranking is a product of two experts: the classifier's probability times
 * exp(β · coverage² · BM25) from the lexical index (lib/ask/lexical-index.ts), renormalized.
 * The classifier answers questions put in other words than the page's; BM25 is nearly
 * always right when a question uses a page's own rare words, and `coverage` (the share of
 * the question's informative words that the best lexical match contains) says how much
 * to believe it, so incidental matches of a paraphrased question barely move the model.
 */

/** A question's words (readModel's own `words` are the classifier's vocabulary). */
const questionWords = words;

export const MODEL_FILE = "ask-model.bin";
export const LABELS_FILE = "ask-labels.json";
/** The ensemble's i-th member beyond the first (i ≥ 1); the first is MODEL_FILE. */
export const memberFile = (i: number) => (i === 0 ? MODEL_FILE : `ask-model-${i}.bin`);
/** Members a build may have left behind, removed when fewer are trained. */
const MAX_MEMBERS = 8;

/**
 * The classifier as an ensemble of fastText models trained on the same lines at derived seeds
 * (member i at seed + i · MEMBER_SEED_STEP, in `memberFile(i)`), their page probabilities
 * combined before the temperature and BM25: `mean` averages them, `geo` averages their
 * logarithms (renormalized). One member, as shipped, is the single model: on the development
 * harness two or three members ranked within a question or two of one, at two or three times
 * the training and the model's size (lib/ask/README.md, "Classifier ensemble and temperature").
 */
export interface EnsembleSettings {
  members: number;
  combine: "mean" | "geo";
}
export const ENSEMBLE: EnsembleSettings = { members: 1, combine: "mean" };
export const MEMBER_SEED_STEP = 1000;

/**
 * Softmax over pages; one thread and a fixed seed, so the same corpus trains the same
 * model. Subwords of 3-5 characters carry unseen inflections and compounds. A low rate over
 * more epochs (0.1, 30) generalizes better to visitors' paraphrases than a fast one (0.5, 15)
 * now that the question bank is most of the training text (bench/ask-dev.ts: held-out
 * top-3 0.61 → 0.65, no-shared paraphrases 0.58 → 0.62; lib/ask/README.md).
 * Size ≈ (vocabulary + bucket) × dim × 4 bytes: about 3 MB for the demo corpus.
 */
export const HYPERPARAMETERS = {
  dim: 32,
  epoch: 30,
  lr: 0.1,
  wordNgrams: 1,
  minn: 3,
  maxn: 5,
  bucket: 20_000,
  minCount: 1,
  neg: 5,
  lrUpdateRate: 100,
  t: 1e-4,
  thread: 1,
  seed: 1,
} as const;

/**
 * Weight of the lexical expert: β, and the power of coverage. BM25 is a sum of IDFs (log
 * odds), so exp(2 · BM25) is a likelihood ratio at a temperature of ½; squaring coverage
 * keeps it near 0 unless one page holds most of the question. Round values from a flat
 * region (β 1.5–3, power 2–4 ranked alike over six seeds, on the evaluation set and on
 * front-matter questions held out of training), not a peak.
 *
 * `temperature` flattens fastText's probabilities (p^τ, renormalized) before BM25 joins and
 * the encoder's product of experts (lib/ask/fusion.ts) weighs in: the classifier trained on
 * the site's own questions is over-sure of their wording, and at ½ BM25 and the encoder decide
 * more of what it hesitates on. Chosen on the development harness with γ 60, against τ 0.75–1.25,
 * γ 40–100 and ensembles of two or three fastText models (ENSEMBLE); τ 1 ranks as before it
 * (lib/ask/README.md, "Classifier ensemble and temperature").
 */
export const FUSION = { beta: 2, coveragePower: 2, temperature: 0.5 } as const;

/** How much of a question the site's own words cover (each 0…1; 0 when nothing is known). */
export interface QuestionSignals {
  /** IDF-weighted share of the question's words that the best lexical match contains. */
  coverage: number;
  /** IDF-weighted share of the question's words that any page uses. */
  found: number;
  /** Share of the question's words the classifier has a vector for (whole words, not subwords). */
  known: number;
  /**
   * How much the site uses the question's words, 0…1: the mean over its words of
   * log(1 + count) / log(1 + FAMILIAR_COUNT), capped at 1. Off-topic questions often
   * share words with the site, but words it uses once or twice ("running shoes" in a
   * cycling essay), not the words it is about.
   */
  familiar: number;
}

/** Uses of a word in the training text from which the site counts as familiar with it. */
export const FAMILIAR_COUNT = 30;

export interface PageProbability {
  url: string;
  p: number;
}

export interface EmbeddedModel {
  /** Number of pages (labels) the model chooses among. */
  readonly pages: number;
  /** Model file size in bytes (the classifier; the lexicon is counted in `trainEmbeddedModel`'s `lexiconBytes`). */
  readonly bytes: number;
  /** fastText models in the ensemble (ENSEMBLE; 1: a single model). */
  readonly members: number;
  /** A probability for every page, summing to 1, highest first (ties by URL). */
  rank(query: string): PageProbability[];
  /**
   * The ranking from the first `use` members combined by `combine`, BM25 joined: for the
   * development harness (bench/ask-dev.ts), which compares ensembles on one trained set.
   */
  rankMembers(query: string, use: number, combine: EnsembleSettings["combine"], temperature?: number): PageProbability[];
  /** The same ranking with what the question shares with the site, for the confidence model (lib/ask/confidence.ts). */
  rankWithSignals(query: string): { pages: PageProbability[]; signals: QuestionSignals };
  /**
   * Share of the question's words the site knows as typed, one-edit typos and compounds
   * included but not through the vocabulary bridge (`known` counts "origami" once WordNet has
   * bridged it to a site word; this does not). For the development harness (bench/ask-dev.ts)
   * only, so no request pays a second normalization for it: measured as a confidence feature
   * and not shipped (lib/ask/README.md, "Off-topic signal").
   */
  ownShare(query: string): number;
  /**
   * The question with its misspelt words corrected as typed (lib/ask/spelling.ts), as the
   * sentence encoder reads it; the question itself when nothing needed correcting.
   */
  spelled(query: string): string;
  /** Frees the classifier's WebAssembly memory; ranking afterwards throws. */
  dispose(): void;
}

// ---------------------------------------------------------------------------------------
// The runtime. The package types its module and FastText class; Args and the enums
// are embind classes it leaves untyped.

interface FtArgs {
  input: string;
  output: string;
  lr: number;
  lrUpdateRate: number;
  dim: number;
  ws: number;
  epoch: number;
  minCount: number;
  neg: number;
  wordNgrams: number;
  loss: unknown;
  model: unknown;
  bucket: number;
  minn: number;
  maxn: number;
  thread: number;
  t: number;
  verbose: number;
  seed: number;
  delete(): void;
}

interface FtModel {
  train(args: FtArgs, progress: (progress: number, loss: number, wst: number, lr: number, eta: number) => void): void;
  saveModel(file: string): void;
  loadModel(file: string): void;
  predict(text: string, k: number, threshold: number): Vector<Pair<number, string>>;
  getWords(): Pair<Vector<string>, Vector<number>>;
  getLabels(): Pair<Vector<string>, Vector<number>>;
  delete(): void;
}

type Core = Omit<FastTextModule, "FastText"> & {
  FastText: new () => FtModel;
  Args: new () => FtArgs;
  LossName: { softmax: unknown };
  ModelName: { supervised: unknown };
};

/** One WebAssembly instance per process, shared by training and every loaded model. */
function runtime(): Promise<Core> {
  return processSingleton("ask-fasttext-runtime", () =>
    import("fasttext.wasm").then(async ({ FastText }) => (await FastText.create()).core as unknown as Core),
  );
}

let fileSeq = 0;
/** A fresh path in the runtime's in-memory file system. */
const memFile = (name: string) => `/ask-${process.pid}-${++fileSeq}-${name}`;

/** Emscripten throws C++ exceptions as bare numbers; give them a message. */
function fastTextError(what: string, err: unknown): Error {
  return err instanceof Error ? err : new Error(`fastText ${what} failed (${String(err)})`);
}

function toArray<T>(v: Vector<T>): T[] {
  const out: T[] = [];
  for (let i = 0; i < v.size(); i++) out.push(v.get(i));
  v.delete();
  return out;
}

// ---------------------------------------------------------------------------------------

/**
 * Trains on every page and writes `ask-model.bin` (and `ask-model-<i>.bin` for each further
 * member of an ensemble, removing any a larger one left), `ask-labels.json` (label → URL),
 * `ask-lexicon.json` (the lexical index) and `ask-spelling.json` (the typed-word spelling
 * lexicon, lib/ask/spelling.ts) into outDir. Deterministic for a given corpus.
 */
export async function trainEmbeddedModel(
  docs: Doc[],
  outDir: string,
  /** For experiments and the benchmark's seeds; the build uses HYPERPARAMETERS as they are. */
  overrides: Partial<Record<keyof typeof HYPERPARAMETERS, number>> = {},
  ensemble: Pick<EnsembleSettings, "members"> = ENSEMBLE,
): Promise<{ pages: number; ms: number; bytes: number; lexiconBytes: number; spellingBytes: number; bridgeWords: number }> {
  const started = performance.now();
  const core = await runtime();
  const lines = trainingLines(docs);
  const members = Math.max(1, Math.min(MAX_MEMBERS, Math.floor(ensemble.members)));
  const seed = overrides.seed ?? HYPERPARAMETERS.seed;
  const models: Uint8Array[] = [];
  for (let i = 0; i < members; i++) models.push(trainOne(core, lines, { ...overrides, seed: seed + i * MEMBER_SEED_STEP }));
  await mkdir(outDir, { recursive: true });
  for (let i = 0; i < members; i++) await writeFile(path.join(outDir, memberFile(i)), models[i]);
  for (let i = members; i < MAX_MEMBERS; i++) await rm(path.join(outDir, memberFile(i)), { force: true });
  await writeFile(path.join(outDir, LABELS_FILE), `${JSON.stringify(labelsToUrls(docs), null, 1)}\n`);
  const lexicon = `${JSON.stringify(buildLexicon(docs))}\n`;
  await writeFile(path.join(outDir, LEXICON_FILE), lexicon);
  const spelling = `${JSON.stringify(await siteSpelling(docs, lines))}\n`;
  await writeFile(path.join(outDir, SPELLING_FILE), spelling);
  const known = new Set(lines.flatMap((l) => l.split(" ").slice(1)));
  const bridge = bridgeEnabled() ? await buildBridge(known, (w) => normalize(w)) : {};
  await writeFile(path.join(outDir, BRIDGE_FILE), `${JSON.stringify(bridge)}\n`);
  return {
    pages: new Set(docs.map((d) => d.url)).size,
    ms: Math.round(performance.now() - started),
    bytes: models.reduce((a, m) => a + m.byteLength, 0),
    lexiconBytes: Buffer.byteLength(lexicon),
    spellingBytes: Buffer.byteLength(spelling),
    bridgeWords: Object.keys(bridge).length,
  };
}

/** One fastText model on the training lines, as the bytes of its file. */
function trainOne(core: Core, lines: string[], overrides: Partial<Record<keyof typeof HYPERPARAMETERS, number>>): Uint8Array {
  const input = memFile("train.txt");
  const output = memFile("model.bin");
  core.FS.writeFile(input, `${lines.join("\n")}\n`);
  const args = new core.Args();
  const ft = new core.FastText();
  try {
    Object.assign(args, HYPERPARAMETERS, overrides, {
      input,
      output,
      verbose: 0,
      model: core.ModelName.supervised,
      loss: core.LossName.softmax,
    });
    ft.train(args, () => {});
    ft.saveModel(output);
    return core.FS.readFile(output);
  } catch (err) {
    throw fastTextError("training", err);
  } finally {
    args.delete();
    ft.delete();
    for (const f of [input, output]) {
      try {
        core.FS.unlink(f);
      } catch {
        // not written
      }
    }
  }
}

/** The typed-word spelling lexicon (lib/ask/spelling.ts) of the pages the model is trained on. */
async function siteSpelling(docs: Doc[], lines: string[]): Promise<SpellingLexicon> {
  const stems = new Map<string, number>();
  for (const line of lines) for (const w of line.split(" ").slice(1)) stems.set(w, (stems.get(w) ?? 0) + 1);
  const typed = docs.flatMap((d) =>
    [d.title, d.description, ...d.headings.map((h) => h.text), ...askQuestions(d), ...d.aliases, d.tags.join(" "), d.text].flatMap(words),
  );
  // The words a question drops count as known, so "arent" never becomes the site's "parent".
  return spellingLexicon(typed, droppedWords(), stems, await englishWords(), (w) => normalize(w));
}

/** The typed-word corrector next to the model, or undefined (an older build's, or a damaged file: questions are corrected once stemmed only). */
async function readTypedSpelling(dir: string): Promise<TypedSpelling | undefined> {
  try {
    const lexicon = asSpellingLexicon(JSON.parse(await readFile(path.join(dir, SPELLING_FILE), "utf8")));
    return lexicon ? typedSpelling(lexicon) : undefined;
  } catch {
    return undefined;
  }
}

/** The vocabulary bridge next to the model (empty for an older build's, or a damaged file). */
async function readBridge(dir: string): Promise<Map<string, string>> {
  try {
    const raw = JSON.parse(await readFile(path.join(dir, BRIDGE_FILE), "utf8")) as Record<string, unknown>;
    return new Map(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === "string" && e[1].length > 0));
  } catch {
    return new Map();
  }
}

/** The bridge is on unless ASK_BRIDGE=0 (the development harness compares both). */
function bridgeEnabled(): boolean {
  return env().ASK_BRIDGE === "1";
}

/** The lexicon next to the model, or null (a model trained before there was one ranks alone). */
async function readLexicon(dir: string): Promise<LexicalIndex | null> {
  let lex: Lexicon;
  try {
    lex = JSON.parse(await readFile(path.join(dir, LEXICON_FILE), "utf8")) as Lexicon;
  } catch {
    return null;
  }
  return lex?.version === 1 && Array.isArray(lex.urls) ? lexicalIndex(lex) : null;
}

async function readModel(dir: string): Promise<EmbeddedModel | null> {
  let bytes: Buffer;
  let labels: Record<string, string>;
  try {
    [bytes, labels] = await Promise.all([
      readFile(path.join(dir, MODEL_FILE)),
      readFile(path.join(dir, LABELS_FILE), "utf8").then((s) => JSON.parse(s)),
    ]);
  } catch {
    return null;
  }
  // The ensemble's further members, as many as were written in a row (none: a single model).
  const more: Buffer[] = [];
  for (let i = 1; i < MAX_MEMBERS; i++) {
    const got = await readFile(path.join(dir, memberFile(i))).catch(() => null);
    if (!got) break;
    more.push(got);
  }
  const [lexicon, typed, bridge] = await Promise.all([readLexicon(dir), readTypedSpelling(dir), readBridge(dir)]);
  const core = await runtime();
  const fts: FtModel[] = [];
  for (const member of [bytes, ...more]) {
    const file = memFile("load.bin");
    const one = new core.FastText();
    try {
      core.FS.writeFile(file, member);
      one.loadModel(file);
      fts.push(one);
    } catch (err) {
      one.delete();
      for (const f of fts) f.delete();
      throw fastTextError("loading", err);
    } finally {
      try {
        core.FS.unlink(file);
      } catch {
        // not written
      }
    }
  }
  const ft = fts[0];
  const [words, counts] = ft.getWords();
  const wordList = toArray(words);
  const countList = toArray(counts);
  const vocabulary = new Map(wordList.map((w, i) => [w, Number(countList[i]) || 0]));
  const correct = spellingCorrector(vocabulary);
  const [labelVec, labelCounts] = ft.getLabels();
  labelCounts.delete();
  const urls = toArray(labelVec).flatMap((l) => {
    const url = labels[l.slice(LABEL_PREFIX.length)];
    return url ? [url] : [];
  });
  const pages = [...new Set(urls)].sort();
  const uniform = () => pages.map((url) => ({ url, p: 1 / pages.length }));

  /** One member's probability for every page (in `pages`' order), or null when it gives none. */
  const memberProbabilities = (member: FtModel, text: string): Float64Array | null => {
    const got = new Map<string, number>();
    for (const [p, label] of toArray(member.predict(text, -1, 0))) {
      const url = labels[label.slice(LABEL_PREFIX.length)];
      if (url && Number.isFinite(p)) got.set(url, (got.get(url) ?? 0) + p);
    }
    const sum = [...got.values()].reduce((a, b) => a + b, 0);
    return sum > 0 ? Float64Array.from(pages, (url) => (got.get(url) ?? 0) / sum) : null;
  };
  /** The first `use` members' probabilities combined (ENSEMBLE), or null when none gives any. */
  const combined = (text: string, use: number, combine: EnsembleSettings["combine"]): PageProbability[] | null => {
    const each = fts.slice(0, use).flatMap((m) => memberProbabilities(m, text) ?? []);
    if (each.length === 0) return null;
    if (each.length === 1) return pages.map((url, i) => ({ url, p: each[0][i] }));
    const out = new Float64Array(pages.length);
    for (const probs of each)
      for (let i = 0; i < pages.length; i++) out[i] += combine === "geo" ? Math.log(Math.max(probs[i], FLOOR)) : probs[i];
    if (combine === "geo") for (let i = 0; i < pages.length; i++) out[i] = Math.exp(out[i] / each.length);
    const sum = out.reduce((a, b) => a + b, 0);
    return pages.map((url, i) => ({ url, p: out[i] / sum }));
  };

  let disposed = false;
  const rankWith = (
    query: string,
    use: number = fts.length,
    combine: EnsembleSettings["combine"] = ENSEMBLE.combine,
    temperature: number = FUSION.temperature,
  ): { pages: PageProbability[]; signals: QuestionSignals } => {
    if (disposed) throw new Error("the /ask model was disposed (a newer build replaced it)");
    const text = normalizeQuery(query, vocabulary, undefined, correct, typed, bridge);
    const none = { coverage: 0, found: 0, known: 0, familiar: 0 };
    // No word the model can read (empty, only stopwords): every page is as likely.
    if (!text) return { pages: uniform(), signals: none };
    const terms = text.split(" ");
    const known = terms.filter((t) => vocabulary.has(t)).length / terms.length;
    const combinedModel = combined(text, Math.max(1, Math.min(fts.length, use)), combine);
    if (!combinedModel) return { pages: uniform(), signals: { ...none, known } };
    const model = temperature === 1 ? combinedModel : tempered(combinedModel, temperature);
    const lexical = lexicon?.score(terms);
    const ranked = lexical ? withLexicon(model, lexicon!.urls, lexical) : model;
    return {
      pages: ranked.sort((a, b) => b.p - a.p || (a.url < b.url ? -1 : 1)),
      signals: {
        coverage: lexical?.coverage ?? 0,
        found: lexical?.found ?? 0,
        known,
        familiar:
          terms.reduce((a, t) => a + Math.min(1, Math.log1p(vocabulary.get(t) ?? 0) / Math.log1p(FAMILIAR_COUNT)), 0) / terms.length,
      },
    };
  };
  const dispose = () => {
    if (!disposed) for (const f of fts) f.delete();
    disposed = true;
  };
  const spelled = (query: string) => {
    if (!typed) return query;
    const given = questionWords(query);
    const fixed = given.map((w) => typed.correct(w) ?? w);
    return fixed.some((w, i) => w !== given[i]) ? fixed.join(" ") : query;
  };
  const ownShare = (query: string): number => {
    const text = normalizeQuery(query, vocabulary, undefined, correct, typed);
    if (!text) return 0;
    const terms = text.split(" ");
    return terms.filter((t) => vocabulary.has(t)).length / terms.length;
  };
  return {
    pages: pages.length,
    bytes: bytes.byteLength + more.reduce((a, m) => a + m.byteLength, 0),
    members: fts.length,
    rank: (query) => rankWith(query).pages,
    rankWithSignals: (query) => rankWith(query),
    rankMembers: (query, use, combine, temperature) => rankWith(query, use, combine, temperature).pages,
    ownShare,
    spelled,
    dispose,
  };
}

/** p^τ renormalized: fastText's probabilities at a temperature (FUSION.temperature) before BM25 joins. */
function tempered(model: PageProbability[], beta: number): PageProbability[] {
  const e = model.map(({ p }) => Math.max(p, FLOOR) ** beta);
  const sum = e.reduce((a, b) => a + b, 0);
  return model.map(({ url }, i) => ({ url, p: e[i] / sum }));
}

/** Smallest probability the classifier is taken to give, so log p stays finite. */
const FLOOR = 1e-9;

/** p ∝ p_model · exp(β · coverage^power · BM25), renormalized (see FUSION). */
function withLexicon(model: PageProbability[], urls: readonly string[], { scores, coverage }: LexicalScores): PageProbability[] {
  const weight = FUSION.beta * coverage ** FUSION.coveragePower;
  if (!(weight > 0)) return model;
  const bm25 = new Map(urls.map((url, i) => [url, scores[i]]));
  const logits = model.map(({ url, p }) => Math.log(Math.max(p, FLOOR)) + weight * (bm25.get(url) ?? 0));
  const max = Math.max(...logits);
  const e = logits.map((l) => Math.exp(l - max));
  const sum = e.reduce((a, b) => a + b, 0);
  return model.map(({ url }, i) => ({ url, p: e[i] / sum }));
}

/**
 * A model replaced by a newer build is freed this long after: long enough for a request
 * that already holds it (an /ask waits at most its 30 s deadline) to finish with it.
 */
export const RETIRED_MODEL_GRACE_MS = 60_000;

/**
 * The model in dir (`ask-model.bin` + `ask-labels.json`, and the ensemble's further members,
 * `ask-lexicon.json` and `ask-spelling.json` when present), or null while it has not been
 * trained. Loaded once per process and directory, like the rest of the build's output.
 * Under `npm run dev` a rebuild loads it again; the copies it replaces are freed (the
 * classifier lives in WebAssembly memory, which the garbage collector does not reclaim).
 */
export function loadEmbeddedModel(dir: string, e: Pick<Env, "NODE_ENV" | "SITE_DATA_DIR"> = env()): Promise<EmbeddedModel | null> {
  const key = path.resolve(dir);
  const current = processSingleton("ask-embedded-models:current", () => ({
    models: null as Map<string, Promise<EmbeddedModel | null>> | null,
  }));
  const cache = buildSingleton(
    "ask-embedded-models",
    () => {
      const retired = current.models;
      if (retired)
        setTimeout(() => {
          for (const m of retired.values())
            m.then(
              (model) => model?.dispose(),
              () => undefined,
            );
        }, RETIRED_MODEL_GRACE_MS).unref();
      const fresh = new Map<string, Promise<EmbeddedModel | null>>();
      current.models = fresh;
      return fresh;
    },
    e,
  );
  let model = cache.get(key);
  if (!model) {
    model = readModel(key);
    cache.set(key, model);
    // An untrained or unreadable model is looked for again next time.
    const forget = () => {
      if (cache.get(key) === model) cache.delete(key);
    };
    model.then((m) => m ?? forget(), forget);
  }
  return model;
}

import { readFileSync } from "node:fs";
import path from "node:path";
import { builtCorpus } from "../lib/content/corpus";
import { chooseThreshold, encoderFeatures, features, fitLogistic, probability } from "../lib/ask/confidence";
import { OFF_TOPIC_QUESTIONS } from "../lib/ask/off-topic";
import { FOLDS, MAX_LOST, eachHeldOutFold, encoderView } from "../scripts/build/ask-confidence";
import {
  UNITS,
  bodyPassages,
  buildVectorIndex,
  liteEncoder,
  normalizeVector,
  typedEncoderUnits,
  type BodyPassages,
} from "../lib/ask/encoder";
import { HEAD, RIDGE, headLogProbs, indexExamples, pageCentroids, trainHead, trainRidgeHead, type EncoderHead } from "../lib/ask/head";
import { ENCODER_FUSION, encoderSignals, fuse, fuseRanks } from "../lib/ask/fusion";
import { askQuestions, droppedWords, words } from "../lib/ask/training-data";
import { ENSEMBLE, type EnsembleSettings, type PageProbability, type QuestionSignals } from "../lib/ask/embedded-model";
import type { EncoderSignals } from "../lib/ask/fusion";
import { UnitStore, vectorTexts } from "../scripts/build/ask-vectors";
import {
  PAGE_SCORE_BODY,
  PAGE_SCORE_CENTROID,
  PAGE_SCORE_UNITS,
  VECTORS_FILE,
  pageScores,
  pageSumNorms,
  type VectorIndex,
} from "../lib/ask/encoder";
import { loadVectorIndex } from "../lib/ask/encoder-runtime";
import { siteFile } from "../lib/build-output";
import { percentile } from "./load";

interface Sample {
  fold: number;
  answerable: boolean;
  /** A near-miss question (NEAR_MISS): judged, never fitted on. */
  nearMiss?: boolean;
  /** A held-out page question with one misspelt word (`misspelt`): judged, never fitted on. */
  typo?: boolean;
  /** A strict no-shared paraphrase (NO_SHARED): answerable, judged; only the `noshared` threshold counts it. */
  noShared?: boolean;
  /** A held-out question of the question bank (content/questions.md) rather than of front matter. */
  bank?: boolean;
  /**
   * A fragment cut mechanically from a held-out page question or an off-topic question (`fragments`):
   * judged apart from whole questions; fitted on only by the fit variants that say so.
   */
  fragment?: boolean;
  x: number[];
  /** What the off-topic feature sets read (OFF_TOPIC_FEATURES): the ranking's top probability, the question's signals, the encoder's. */
  top?: number;
  /** What the question shares with the site, and the share of its words the site knows without the bridge (`ownShare`). */
  signals?: QuestionSignals & { own: number };
  enc?: EncoderSignals & Background;
  right1: boolean;
  right3: boolean;
  /** For the fusion variants: the right pages and the classifier's ranking. */
  right?: string[];
  classifier?: PageProbability[];
  /** Each page's three best unit cosines. */
  top3?: Map<string, number[]>;
  /** The fold's encoder context and this question's cosine with every unit, its heads' log-probabilities and centroid cosines. */
  ctx?: FoldContext;
  cos?: Float32Array;
  heads?: Record<string, Float32Array>;
  centroid?: Float32Array;
  /** The body channel (BENCH_ASK_BODY), per page of `ctx.index.urls`: its best passage cosine, the mean of its best two (NaN: no passage). */
  body1?: Float32Array;
  body2?: Float32Array;
  /** The sixth pass's variants (SIXTH): the question's vector as the encoder reads it (spelled) and as typed. */
  v?: Float32Array;
  vRaw?: Float32Array;
  /** The classifier ensemble's rankings by name (CLASSIFIER_VARIANTS) and the shipped encoder page scores, for ENSEMBLE_VARIANTS. */
  ens?: Record<string, PageProbability[]>;
  view?: Map<string, number>;
}

/** What the learned-head and unit-kind variants need of a fold: its index, each unit's kind, its heads and centroids. */
interface FoldContext {
  index: VectorIndex;
  kinds: string[];
  heads: Record<string, EncoderHead>;
  centroids: Float32Array;
  /** Each page's number of units. */
  unitCount: Uint32Array;
}

/**
 * Heads over the encoder's vectors tried on the harness (lib/ask/head.ts), by name. BENCH_ASK_HEADS
 * picks some (comma-separated names); default all.
 */
const HEADS: Record<string, (x: Float32Array, labels: Uint16Array, pages: number, dim: number) => EncoderHead> = {
  lr: (x, l, p, d) => trainHead(x, l, p, d, HEAD),
  ridge: (x, l, p, d) => trainRidgeHead(x, l, p, d, RIDGE),
  "ridge-l3": (x, l, p, d) => trainRidgeHead(x, l, p, d, { ...RIDGE, l2: 1e-3 }),
  "ridge-l1": (x, l, p, d) => trainRidgeHead(x, l, p, d, { ...RIDGE, l2: 1e-1 }),
  "ridge-bal": (x, l, p, d) => trainRidgeHead(x, l, p, d, { ...RIDGE, balanced: true }),
};

function foldContext(
  index: VectorIndex,
  training: { docs: Parameters<typeof typedEncoderUnits>[0][]; units: Parameters<typeof typedEncoderUnits>[1] },
): FoldContext {
  const kinds = training.docs.flatMap((d) => typedEncoderUnits(d, training.units).map((u) => u.kind));
  if (kinds.length !== index.scales.length) throw new Error(`unit kinds ${kinds.length} against ${index.scales.length} units`);
  const { x, labels } = indexExamples(index);
  // The softmax head takes minutes per fold on this machine: only when asked for.
  const wanted = (process.env.BENCH_ASK_HEADS?.split(",") ?? ["ridge-l3"]).filter((h) => h !== "none");
  const heads: Record<string, EncoderHead> = {};
  for (const name of wanted) {
    const t = performance.now();
    heads[name] = HEADS[name](x, labels, index.urls.length, index.dim);
    console.log(`    head ${name}: ${labels.length} units, ${index.urls.length} pages, trained in ${Math.round(performance.now() - t)} ms`);
  }
  const unitCount = new Uint32Array(index.urls.length);
  for (const p of index.unitPage) unitCount[p]++;
  return { index, kinds, heads, centroids: pageCentroids(index), unitCount };
}

function unitCosines(index: VectorIndex, v: Float32Array): Float32Array {
  const { dim, data, scales } = index;
  const out = new Float32Array(scales.length);
  for (let u = 0, off = 0; u < scales.length; u++, off += dim) {
    let dot = 0;
    for (let i = 0; i < dim; i++) dot += v[i] * data[off + i];
    out[u] = dot * scales[u];
  }
  return out;
}

function centroidCosines(c: Float32Array, pages: number, v: Float32Array): Float32Array {
  const dim = v.length;
  const out = new Float32Array(pages);
  for (let p = 0; p < pages; p++) {
    let dot = 0;
    for (let i = 0; i < dim; i++) dot += v[i] * c[p * dim + i];
    out[p] = dot;
  }
  return out;
}

/** Per page, its best body-passage cosine and the mean of its best two (NaN where the page has none). */
function bodyCosines(urls: string[], body: Map<string, Float32Array[]>, v: Float32Array): { body1: Float32Array; body2: Float32Array } {
  const body1 = new Float32Array(urls.length).fill(NaN);
  const body2 = new Float32Array(urls.length).fill(NaN);
  urls.forEach((u, p) => {
    let a = -2;
    let b = -2;
    for (const w of body.get(u) ?? []) {
      let dot = 0;
      for (let i = 0; i < v.length; i++) dot += v[i] * w[i];
      if (dot > a) [a, b] = [dot, a];
      else if (dot > b) b = dot;
    }
    if (a > -2) {
      body1[p] = a;
      body2[p] = b > -2 ? (a + b) / 2 : a;
    }
  });
  return { body1, body2 };
}

/** A page-indexed array as a map by URL. */
const byUrl = (s: Sample, xs: ArrayLike<number>) => new Map(s.ctx!.index.urls.map((u, i) => [u, xs[i]]));

/** The classifier's probabilities times exp(extra log-weight) per page, renormalized. */
function fuseLog(classifier: PageProbability[], extra: ReadonlyMap<string, number>): PageProbability[] {
  const logits = classifier.map(({ url, p }) => Math.log(Math.max(p, 1e-9)) + (extra.get(url) ?? -30));
  const max = Math.max(...logits);
  const e = logits.map((l) => Math.exp(l - max));
  const sum = e.reduce((a, b) => a + b, 0);
  return classifier.map(({ url }, i) => ({ url, p: e[i] / sum })).sort((a, b) => b.p - a.p || (a.url < b.url ? -1 : 1));
}

/** The mean of each page's best three units after adding `bonus[kind]` to each unit's cosine. */
function kindTop3(s: Sample, bonus: Record<string, number>): Map<string, number> {
  const { index, kinds } = s.ctx!;
  const top = index.urls.map(() => [-2, -2, -2]);
  s.cos!.forEach((c0, u) => {
    const c = c0 + (bonus[kinds[u]] ?? 0);
    const t = top[index.unitPage[u]];
    if (c > t[2]) {
      t[2] = c;
      t.sort((a, b) => b - a);
    }
  });
  return new Map(
    index.urls.map((url, i) => {
      const xs = top[i].filter((c) => c > -2);
      return [url, xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : -1];
    }),
  );
}

/** kNN over all units: the global best `k`, each weighing exp(cos / τ) for its page; log of each page's share (floored). */
function knnLog(s: Sample, k: number, tau: number): Map<string, number> {
  const { index } = s.ctx!;
  const order = [...s.cos!.keys()].sort((a, b) => s.cos![b] - s.cos![a]).slice(0, k);
  const top = s.cos![order[0]];
  const w = new Float64Array(index.urls.length);
  let sum = 0;
  for (const u of order) {
    const x = Math.exp((s.cos![u] - top) / tau);
    w[index.unitPage[u]] += x;
    sum += x;
  }
  return new Map(index.urls.map((url, i) => [url, Math.log(w[i] / sum + 1e-3)]));
}

/** Each page's three best unit cosines, best first (-1 where it has fewer units), for the aggregation variants. */
function pageTop3(index: VectorIndex, v: Float32Array): Map<string, number[]> {
  const { dim, data, scales, unitPage } = index;
  const top = index.urls.map(() => [-1, -1, -1]);
  for (let u = 0, off = 0; u < scales.length; u++, off += dim) {
    let dot = 0;
    for (let i = 0; i < dim; i++) dot += v[i] * data[off + i];
    const c = dot * scales[u];
    const t = top[unitPage[u]];
    if (c > t[2]) {
      t[2] = c;
      t.sort((a, b) => b - a);
    }
  }
  return new Map(index.urls.map((u, i) => [u, top[i]]));
}

/** The encoder's page scores as a background to its best one: their mean over all pages and the 10th best. */
interface Background {
  mean: number;
  tenth: number;
}
function background(view: ReadonlyMap<string, number>): Background {
  const xs = [...view.values()].sort((a, b) => b - a);
  return { mean: xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length), tenth: xs[Math.min(9, xs.length - 1)] ?? 0 };
}

const DROPPED = new Set(droppedWords());

/**
 * Fragments of a question, cut the same way from page questions and off-topic ones: all its
 * content words, and its first one to three (how many chosen by `seed` and the question).
 * Visitors type "lasagna recipe"; the fit's questions are whole sentences, and a fit that
 * sees only sentences has never seen what a short off-topic question looks like, and a rule
 * judged only on sentences is judged on what visitors type least.
 */
function fragments(q: string, seed = 0): string[] {
  const content = words(q).filter((w) => !DROPPED.has(w));
  if (content.length === 0) return [];
  const x = ((seed * 2654435761 + q.length * 40503 + content.length) * 1103515245 + 12345) >>> 0;
  const first = content.slice(0, 1 + ((x >>> 8) % 3)).join(" ");
  return [...new Set([content.join(" "), first])].filter((f) => f !== q.toLowerCase());
}

type Ranked = (s: Sample) => string[];
const scaled = (m: ReadonlyMap<string, number>, k: number) => new Map([...m].map(([u, x]) => [u, k * x]));
const sum = (a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>) => new Map([...a].map(([u, x]) => [u, x + (b.get(u) ?? 0)]));
/** Per-unit-kind cosine bonuses tried (the mean of a page's best three units after the bonus). */
const KIND_BONUSES: Record<string, Record<string, number>> = {
  "questions+0.03": { question: 0.03 },
  "headings-0.03": { heading: -0.03 },
  "title+desc+0.03": { title: 0.03, description: 0.03 },
  "sections-0.03": { sectionLead: -0.03, titleQuestion: -0.03 },
};
const urlsOf = (xs: PageProbability[]) => xs.map((p) => p.url);
/** The shipped page score (half the centroid, half the best three units). */
const shippedScore = (s: Sample) => sum(scaled(byUrl(s, s.centroid!), 0.5), scaled(aggregated(s, meanTop(3)), 0.5));
/**
 * The body channel beside the shipped page score x: `add` is x + δ·body (a page with no passage
 * adds δ·x); `mix` is (x + δ·body) / (1 + δ), the same scale as x (a page with no passage keeps x);
 * `mix units<=6` the same only for pages of at most six units.
 */
function withBody(s: Sample, body: Float32Array, d: number, how: "add" | "mix" | "mix units<=6"): Map<string, number> {
  const base = shippedScore(s);
  const units = s.ctx!.unitCount;
  return new Map(
    s.ctx!.index.urls.map((u, p) => {
      const x = base.get(u)!;
      const none = Number.isNaN(body[p]) || (how === "mix units<=6" && units[p] > 6);
      const b = none ? x : body[p];
      return [u, how === "add" ? x + d * b : (x + d * b) / (1 + d)];
    }),
  );
}
const byScore = (m: ReadonlyMap<string, number>) => [...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([u]) => u);
/** The encoder's page scores aggregated from each page's three best units by `f`. */
const aggregated = (s: Sample, f: (t: number[]) => number) => new Map([...s.top3!].map(([u, t]) => [u, f(t)]));
/** The mean of a page's best `k` units (of those it has). */
const meanTop = (k: number) => (t: number[]) => {
  const xs = t.slice(0, k).filter((c) => c > -1);
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : -1;
};
/**
 * Fusion variants compared on the held-out questions (lib/ask/fusion.ts), each page's encoder
 * score the best unit's cosine (`max`) or the mean of its best two or three (`top2`, `top3`).
 */
const AGGREGATIONS: Record<string, (t: number[]) => number> = { max: meanTop(1), top2: meanTop(2), top3: meanTop(3) };
const VARIANTS: Record<string, Ranked> = {
  classifier: (s) => urlsOf(s.classifier!),
  ...Object.fromEntries(Object.entries(AGGREGATIONS).map(([a, f]) => [`encoder ${a}`, (s: Sample) => byScore(aggregated(s, f))])),
  ...Object.fromEntries(
    Object.entries(AGGREGATIONS).flatMap(([a, f]) =>
      [20, 30, 45, 60, 80, 100].map((g) => [
        `product γ${g} ${a}`,
        (s: Sample) => urlsOf(fuse(s.classifier!, aggregated(s, f), { gamma: g })),
      ]),
    ),
  ),
  // Measured, not shipped (lib/ask/README.md): the classifier's log-probabilities weighed by its
  // own top probability, and the encoder's ranking alone when that is below 0.2.
  "tempered γ80 top3": (s) => {
    const c = s.classifier!;
    const w = c[0]?.p ?? 0;
    return urlsOf(
      fuse(
        c.map((x) => ({ ...x, p: Math.max(x.p, 1e-9) ** w })),
        aggregated(s, meanTop(3)),
        { gamma: 80 },
      ),
    );
  },
  "unsure<0.2 encoder top2": (s) =>
    (s.classifier![0]?.p ?? 0) < 0.2
      ? byScore(aggregated(s, meanTop(2)))
      : urlsOf(fuse(s.classifier!, aggregated(s, meanTop(3)), { gamma: 80 })),
  ...Object.fromEntries(
    Object.keys(HEADS).flatMap((h) => [
      ...[60, 80].flatMap((g) =>
        [0.25, 0.5].map((b) => [
          `γ${g} 0.5centroid+top3·head ${h}^${b}`,
          (s: Sample) =>
            s.heads?.[h]
              ? urlsOf(
                  fuseLog(
                    s.classifier!,
                    sum(
                      scaled(sum(scaled(byUrl(s, s.centroid!), 0.5), scaled(aggregated(s, meanTop(3)), 0.5)), g),
                      scaled(byUrl(s, s.heads[h]), b),
                    ),
                  ),
                )
              : [],
        ]),
      ),
      [`head ${h} alone`, (s: Sample) => (s.heads?.[h] ? byScore(byUrl(s, s.heads[h])) : [])],
      ...[0.5, 1, 2, 4].map((b) => [
        `clf·head ${h}^${b}`,
        (s: Sample) => (s.heads?.[h] ? urlsOf(fuseLog(s.classifier!, scaled(byUrl(s, s.heads[h]), b))) : []),
      ]),
      ...[0.25, 0.5, 1].map((b) => [
        `γ80 top3·head ${h}^${b}`,
        (s: Sample) =>
          s.heads?.[h] ? urlsOf(fuseLog(s.classifier!, sum(scaled(aggregated(s, meanTop(3)), 80), scaled(byUrl(s, s.heads[h]), b)))) : [],
      ]),
    ]),
  ),
  "centroid alone": (s) => (s.centroid ? byScore(byUrl(s, s.centroid)) : []),
  ...Object.fromEntries(
    [30, 60, 80].map((g) => [
      `product γ${g} centroid`,
      (s: Sample) => (s.centroid ? urlsOf(fuse(s.classifier!, byUrl(s, s.centroid), { gamma: g })) : []),
    ]),
  ),
  ...Object.fromEntries(
    [0.25, 0.5, 0.75].flatMap((a) =>
      [60, 80, 100, 120].map((g) => [
        `product γ${g} ${a}centroid+top3`,
        (s: Sample) =>
          s.centroid
            ? urlsOf(fuse(s.classifier!, sum(scaled(byUrl(s, s.centroid), a), scaled(aggregated(s, meanTop(3)), 1 - a)), { gamma: g }))
            : [],
      ]),
    ),
  ),
  ...Object.fromEntries(
    [5, 10, 20].flatMap((k) =>
      [0.02, 0.05].flatMap((t) => [
        [`clf·knn k${k} τ${t}`, (s: Sample) => (s.cos ? urlsOf(fuseLog(s.classifier!, knnLog(s, k, t))) : [])],
        [
          `γ80 top3·knn k${k} τ${t}^0.5`,
          (s: Sample) =>
            s.cos ? urlsOf(fuseLog(s.classifier!, sum(scaled(aggregated(s, meanTop(3)), 80), scaled(knnLog(s, k, t), 0.5)))) : [],
        ],
      ]),
    ),
  ),
  ...Object.fromEntries(
    Object.entries(KIND_BONUSES).map(([name, bonus]) => [
      `product γ80 top3 ${name}`,
      (s: Sample) => (s.cos ? urlsOf(fuse(s.classifier!, kindTop3(s, bonus), { gamma: 80 })) : []),
    ]),
  ),
  ...Object.fromEntries(
    (["body1", "body2"] as const).flatMap((b) =>
      [0.1, 0.2, 0.3, 0.5].flatMap((d) =>
        (["add", "mix", "mix units<=6"] as const).map((how) => [
          `γ80 mix0.5 ${how} ${d}·${b}`,
          (s: Sample) => (s[b] ? urlsOf(fuse(s.classifier!, withBody(s, s[b]!, d, how), { gamma: 80 })) : []),
        ]),
      ),
    ),
  ),
  "rrf k10 w1 keep max": (s) => urlsOf(fuseRanks(s.classifier!, aggregated(s, meanTop(1)), { k: 10, encoderWeight: 1, keepFirst: true })),
};

// ---- Sixth pass (issue 43): hubness correction (CSLS), page priors, pseudo-relevance feedback, two readings of
// the question, centring; measured, none shipped (lib/ask/README.md) ----

/** The generic questions the hubness of a unit or page is measured against: the off-topic list (never an evaluation set). */
let hubPool: Float32Array[] = [];
/** How many nearest neighbours a hubness reads at most. */
const HUB_K = 20;

/** Keeps `into[at .. at + HUB_K)` the HUB_K largest values seen, best first. */
function insertBest(into: Float32Array, at: number, c: number) {
  if (c <= into[at + HUB_K - 1]) return;
  let k = HUB_K - 1;
  while (k > 0 && into[at + k - 1] < c) {
    into[at + k] = into[at + k - 1];
    k--;
  }
  into[at + k] = c;
}

/** Each row's best `k` dot products with the pool's rows, best first (-2 where fewer), skipping pool rows of the row's own page. */
function nearestDots(
  rows: Float32Array,
  rowPage: ArrayLike<number> | null,
  pool: Float32Array,
  poolPage: ArrayLike<number> | null,
  dim: number,
): Float32Array {
  const n = rows.length / dim;
  const m = pool.length / dim;
  const out = new Float32Array(n * HUB_K).fill(-2);
  for (let i = 0; i < n; i++) {
    const at = i * HUB_K;
    for (let j = 0; j < m; j++) {
      if (rowPage && poolPage && rowPage[i] === poolPage[j]) continue;
      let d0 = 0;
      let d1 = 0;
      for (let x = 0; x < dim; x += 2) {
        d0 += rows[i * dim + x] * pool[j * dim + x];
        d1 += rows[i * dim + x + 1] * pool[j * dim + x + 1];
      }
      insertBest(out, at, d0 + d1);
    }
  }
  return out;
}

function rowsOf(section: { scales: Float32Array; data: Int8Array }, dim: number): Float32Array {
  const out = new Float32Array(section.data.length);
  for (let u = 0; u < section.scales.length; u++)
    for (let d = 0; d < dim; d++) out[u * dim + d] = section.data[u * dim + d] * section.scales[u];
  return out;
}

/** The mean of the best `k` of row `i` over one or two neighbour lists (merged). */
function hubOf(lists: Float32Array[], i: number, k: number): number {
  const xs = lists.flatMap((l) => [...l.subarray(i * HUB_K, i * HUB_K + k)]).filter((c) => c > -2);
  xs.sort((a, b) => b - a);
  const top = xs.slice(0, k);
  return top.length ? top.reduce((a, b) => a + b, 0) / top.length : 0;
}

interface Hubness {
  /** Nearest other-page units / off-topic questions of each unit, of each page's centroid, of each body passage. */
  units: { units: Float32Array; off: Float32Array };
  centroids: { units: Float32Array; off: Float32Array };
  body: { units: Float32Array; off: Float32Array };
  /** Per page: its best HUB_K shipped scores over other pages' units as questions, over the off-topic questions; its mean over the off-topic ones. */
  pageByUnits: Float32Array;
  pageByOff: Float32Array;
  pageMeanOff: Float32Array;
}
const hubness = new WeakMap<VectorIndex, Hubness>();

function hubnessOf(ctx: FoldContext): Hubness {
  const { index } = ctx;
  let got = hubness.get(index);
  if (got) return got;
  const started = performance.now();
  const { dim } = index;
  const U = rowsOf(index, dim);
  const off = new Float32Array(hubPool.length * dim);
  hubPool.forEach((v, i) => off.set(v, i * dim));
  const B = index.body ? rowsOf(index.body, dim) : new Float32Array(0);
  const pages = index.urls.length;
  const pageIds = Uint16Array.from({ length: pages }, (_, p) => p);
  const pageByUnits = new Float32Array(pages * HUB_K).fill(-2);
  const pageByOff = new Float32Array(pages * HUB_K).fill(-2);
  const pageMeanOff = new Float32Array(pages);
  const insert = (into: Float32Array, p: number, c: number) => insertBest(into, p * HUB_K, c);
  for (let u = 0; u < index.scales.length; u++) {
    const sc = pageScores(index, U.subarray(u * dim, (u + 1) * dim), PAGE_SCORE_UNITS, PAGE_SCORE_CENTROID, PAGE_SCORE_BODY);
    for (let p = 0; p < pages; p++) if (p !== index.unitPage[u]) insert(pageByUnits, p, sc[p]);
  }
  for (const v of hubPool) {
    const sc = pageScores(index, v, PAGE_SCORE_UNITS, PAGE_SCORE_CENTROID, PAGE_SCORE_BODY);
    for (let p = 0; p < pages; p++) {
      insert(pageByOff, p, sc[p]);
      pageMeanOff[p] += sc[p] / hubPool.length;
    }
  }
  got = {
    units: { units: nearestDots(U, index.unitPage, U, index.unitPage, dim), off: nearestDots(U, null, off, null, dim) },
    centroids: {
      units: nearestDots(ctx.centroids, pageIds, U, index.unitPage, dim),
      off: nearestDots(ctx.centroids, null, off, null, dim),
    },
    body: index.body
      ? { units: nearestDots(B, index.body.unitPage, U, index.unitPage, dim), off: nearestDots(B, null, off, null, dim) }
      : { units: new Float32Array(0), off: new Float32Array(0) },
    pageByUnits,
    pageByOff,
    pageMeanOff,
  };
  hubness.set(index, got);
  console.log(`    hubness of ${index.scales.length} units, ${pages} pages: ${Math.round(performance.now() - started)} ms`);
  return got;
}

type HubPool = "units" | "off" | "both";
const lists = (h: { units: Float32Array; off: Float32Array }, pool: HubPool) => (pool === "both" ? [h.units, h.off] : [h[pool]]);

/** Each unit's, centroid's and passage's penalty (its hubness) for one pool and k, per index. */
const penalties = new WeakMap<VectorIndex, Map<string, { unit: Float32Array; centroid: Float32Array; body: Float32Array }>>();
function penaltiesOf(ctx: FoldContext, pool: HubPool, k: number) {
  const h = hubnessOf(ctx);
  let byKey = penalties.get(ctx.index);
  if (!byKey) penalties.set(ctx.index, (byKey = new Map()));
  const key = `${pool} ${k}`;
  let got = byKey.get(key);
  if (!got) {
    const n = (l: Float32Array) => l.length / HUB_K;
    const of = (x: { units: Float32Array; off: Float32Array }) =>
      Float32Array.from({ length: n(x.units) }, (_, i) => hubOf(lists(x, pool), i, k));
    got = { unit: of(h.units), centroid: of(h.centroids), body: of(h.body) };
    byKey.set(key, got);
  }
  return got;
}

/**
 * The shipped page score with every cosine less λ × its hubness (CSLS): the units' in the
 * best three, the centroid's, the best passage's.
 */
function cslsScores(s: Sample, pool: HubPool, k: number, lambda: number, parts = "ucb"): Map<string, number> {
  const [lu, lc, lb] = ["u", "c", "b"].map((x) => (parts.includes(x) ? lambda : 0));
  const ctx = s.ctx!;
  const { index } = ctx;
  const pen = penaltiesOf(ctx, pool, k);
  const pages = index.urls.length;
  const best = Array.from({ length: pages }, () => [-9, -9, -9]);
  const sums = new Float64Array(pages);
  s.cos!.forEach((c, u) => {
    const p = index.unitPage[u];
    sums[p] += c;
    const a = c - lu * pen.unit[u];
    const t = best[p];
    if (a > t[2]) {
      t[2] = a;
      t.sort((x, y) => y - x);
    }
  });
  const cent = s.centroid!;
  const bodyBest = new Float64Array(pages).fill(-9);
  const body = index.body;
  if (body) {
    const { dim } = index;
    for (let u = 0; u < body.scales.length; u++) {
      let d = 0;
      for (let i = 0; i < dim; i++) d += s.v![i] * body.data[u * dim + i];
      const a = d * body.scales[u] - lb * pen.body[u];
      if (a > bodyBest[body.unitPage[u]]) bodyBest[body.unitPage[u]] = a;
    }
  }
  return new Map(
    index.urls.map((url, p) => {
      const xs = best[p].filter((c) => c > -9);
      if (!xs.length) return [url, -1];
      const x = 0.5 * (xs.reduce((a, b) => a + b, 0) / xs.length) + 0.5 * (cent[p] - lc * pen.centroid[p]);
      return [url, x + PAGE_SCORE_BODY * (bodyBest[p] > -9 ? bodyBest[p] : x)];
    }),
  );
}

/** The shipped page score less λ × the page's own hubness: the mean of its best k scores over a pool of questions, or its mean over the off-topic list. */
function priorScores(s: Sample, pool: "units" | "off" | "mean", k: number, lambda: number): Map<string, number> {
  const h = hubnessOf(s.ctx!);
  const base = shipped(s);
  return new Map(
    s.ctx!.index.urls.map((url, p) => {
      const r = pool === "mean" ? h.pageMeanOff[p] : hubOf([pool === "units" ? h.pageByUnits : h.pageByOff], p, k);
      return [url, base.get(url)! - lambda * r];
    }),
  );
}

const shippedCache = new WeakMap<Sample, Map<string, number>>();
const viewOf = (index: VectorIndex, scores: Float32Array) => new Map(index.urls.map((u, i) => [u, scores[i]]));
/** The shipped encoder view (what /ask fuses), recomputed from the sample's vector. */
function shipped(s: Sample): Map<string, number> {
  let got = shippedCache.get(s);
  if (!got)
    shippedCache.set(
      s,
      (got = viewOf(s.ctx!.index, pageScores(s.ctx!.index, s.v!, PAGE_SCORE_UNITS, PAGE_SCORE_CENTROID, PAGE_SCORE_BODY))),
    );
  return got;
}

/** Pseudo-relevance feedback: the question moved α × toward the mean of its best m units, normalized, and scanned again. */
function prfScores(s: Sample, alpha: number, m: number): Map<string, number> {
  const { index } = s.ctx!;
  const { dim } = index;
  const order = [...s.cos!.keys()].sort((a, b) => s.cos![b] - s.cos![a]).slice(0, m);
  const q = Float32Array.from(s.v!);
  for (const u of order) for (let d = 0; d < dim; d++) q[d] += (alpha / m) * index.data[u * dim + d] * index.scales[u];
  return viewOf(index, pageScores(index, normalizeVector(q), PAGE_SCORE_UNITS, PAGE_SCORE_CENTROID, PAGE_SCORE_BODY));
}

const rawCache = new WeakMap<Sample, Map<string, number>>();
/** Two readings of the question, as typed and spelling-corrected, combined per page by `how`. */
function twoViews(s: Sample, how: "mean" | "max"): Map<string, number> {
  let raw = rawCache.get(s);
  if (!raw)
    rawCache.set(
      s,
      (raw = viewOf(s.ctx!.index, pageScores(s.ctx!.index, s.vRaw!, PAGE_SCORE_UNITS, PAGE_SCORE_CENTROID, PAGE_SCORE_BODY))),
    );
  const a = shipped(s);
  return new Map([...a].map(([u, x]) => [u, how === "mean" ? (x + raw.get(u)!) / 2 : Math.max(x, raw.get(u)!)]));
}

/** The fold's index with every vector moved β × away from the units' mean and normalized (centring: a classic hubness reduction). */
const centred = new WeakMap<VectorIndex, Map<number, { index: VectorIndex; mean: Float32Array }>>();
function centredIndex(index: VectorIndex, beta: number): { index: VectorIndex; mean: Float32Array } {
  let byBeta = centred.get(index);
  if (!byBeta) centred.set(index, (byBeta = new Map()));
  let got = byBeta.get(beta);
  if (got) return got;
  const { dim } = index;
  const U = rowsOf(index, dim);
  const mean = new Float32Array(dim);
  for (let u = 0; u < index.scales.length; u++) for (let d = 0; d < dim; d++) mean[d] += U[u * dim + d] / index.scales.length;
  const away = (v: Float32Array) => normalizeVector(v.map((x, d) => x - beta * mean[d]));
  const B = index.body ? rowsOf(index.body, dim) : undefined;
  const pages = index.urls.map((url) => ({ url, vectors: [] as Float32Array[], body: [] as Float32Array[] }));
  for (let u = 0; u < index.scales.length; u++) pages[index.unitPage[u]].vectors.push(away(U.subarray(u * dim, (u + 1) * dim)));
  if (B && index.body)
    for (let u = 0; u < index.body.scales.length; u++) pages[index.body.unitPage[u]].body.push(away(B.subarray(u * dim, (u + 1) * dim)));
  got = { index: buildVectorIndex(index.encoder, pages, index.bank), mean };
  byBeta.set(beta, got);
  return got;
}
function centredScores(s: Sample, beta: number): Map<string, number> {
  const { index, mean } = centredIndex(s.ctx!.index, beta);
  return viewOf(
    index,
    pageScores(index, normalizeVector(s.v!.map((x, d) => x - beta * mean[d])), PAGE_SCORE_UNITS, PAGE_SCORE_CENTROID, PAGE_SCORE_BODY),
  );
}

const fused6 = (s: Sample, view: ReadonlyMap<string, number>) => urlsOf(fuse(s.classifier!, view, ENCODER_FUSION));
const SIXTH: Record<string, Ranked> = {
  "6 shipped": (s) => (s.v ? fused6(s, shipped(s)) : []),
  ...Object.fromEntries(
    (["units", "off", "both"] as const).flatMap((pool) =>
      [5, 10].flatMap((k) =>
        [0.1, 0.25, 0.5, 0.75, 1].map((l) => [
          `6 csls ${pool} k${k} λ${l}`,
          (s: Sample) => (s.v ? fused6(s, cslsScores(s, pool, k, l)) : []),
        ]),
      ),
    ),
  ),
  // Which cosines take the penalty: u the units, c the centroid, b the body passages.
  ...Object.fromEntries(
    ["u", "c", "b", "uc", "cb", "ub"].flatMap((parts) =>
      [5, 10].flatMap((k) =>
        [0.25, 0.5, 0.75, 1].map((l) => [
          `6 csls units k${k} λ${l} ${parts}`,
          (s: Sample) => (s.v ? fused6(s, cslsScores(s, "units", k, l, parts)) : []),
        ]),
      ),
    ),
  ),
  ...Object.fromEntries(
    (["units", "off"] as const).flatMap((pool) =>
      [5, 20].flatMap((k) =>
        [0.1, 0.25, 0.5].map((l) => [`6 prior ${pool} k${k} λ${l}`, (s: Sample) => (s.v ? fused6(s, priorScores(s, pool, k, l)) : [])]),
      ),
    ),
  ),
  ...Object.fromEntries(
    [0.1, 0.25, 0.5].map((l) => [`6 prior mean-off λ${l}`, (s: Sample) => (s.v ? fused6(s, priorScores(s, "mean", 0, l)) : [])]),
  ),
  ...Object.fromEntries(
    [
      [0.3, 3],
      [0.5, 5],
      [1, 5],
      [0.5, 10],
    ].map(([a, m]) => [`6 prf α${a} m${m}`, (s: Sample) => (s.v ? fused6(s, prfScores(s, a, m)) : [])]),
  ),
  ...Object.fromEntries([0.25, 0.5, 0.75, 1].map((b) => [`6 centred β${b}`, (s: Sample) => (s.v ? fused6(s, centredScores(s, b)) : [])])),
  "6 two views mean": (s) => (s.v ? fused6(s, twoViews(s, "mean")) : []),
  "6 two views max": (s) => (s.v ? fused6(s, twoViews(s, "max")) : []),
};
// ---------------------------------------------------------------------------------------
// Classifier ensemble and temperature (lib/ask/README.md, "Classifier ensemble and
// temperature"). BENCH_ASK_MEMBERS=n trains n fastText members per fold (at seed, seed + 1000,
// …); each classifier variant is the first k members combined by mean or geometric mean, with
// fastText's probabilities raised to β before BM25 joins; each is then fused with the shipped
// page scores at γ. A β on the whole classifier (BM25 included) ranks exactly as γ / β does.

/** Classifier variants: [members, combine, β on fastText before BM25]. */
const CLASSIFIER_VARIANTS: Record<string, [number, EnsembleSettings["combine"], number]> = Object.fromEntries(
  (
    [
      [1, "mean"],
      [2, "mean"],
      [3, "mean"],
      [2, "geo"],
      [3, "geo"],
    ] as const
  ).flatMap(([k, c]) =>
    [0.35, 0.5, 0.65, 0.75, 1, 1.25].map((b) => [`ens${k} ${c} β${b}`, [k, c, b] as [number, EnsembleSettings["combine"], number]]),
  ),
);

function classifierVariants(
  model: { rankMembers: (q: string, use: number, c: EnsembleSettings["combine"], t?: number) => PageProbability[]; members: number },
  q: string,
) {
  return Object.fromEntries(
    Object.entries(CLASSIFIER_VARIANTS)
      .filter(([, [k]]) => k <= model.members)
      .map(([name, [k, c, b]]) => [name, model.rankMembers(q, k, c, b)]),
  );
}

const ENSEMBLE_VARIANTS: Record<string, Ranked> = Object.fromEntries(
  Object.entries(CLASSIFIER_VARIANTS).flatMap(([name, [, , b]]) => [
    [`${name} alone`, (s: Sample) => (s.ens?.[name] ? urlsOf(s.ens[name]) : [])],
    ...[...new Set([50, 60, 70, 80, 100, Math.round(80 * b)])].map((g) => [
      `${name} γ${g}`,
      (s: Sample) => (s.ens?.[name] && s.view ? urlsOf(fuse(s.ens[name], s.view, { gamma: g })) : []),
    ]),
  ]),
);
// ---------------------------------------------------------------------------------------

/**
 * Harder negatives than the off-topic list: 74 questions a visitor might type that use the
 * demo site's subjects and words but that no page answers ("cb400f fork oil capacity",
 * "jellyfin vs plex"), written by a helper who read only the served demo site, and kept
 * only when not a near-copy of any frozen evaluation question (the rule of
 * tests/ask-eval-hygiene.test.ts; 86 of 160 were dropped). Only ever judged here, never
 * fitted or trained on: the off-topic list's own held-out folds share its writers' style
 * with what the abstention model was fitted on, and overstate any rule fitted to them.
 * Specific to the demo content, so nothing the build reads.
 */
const NEAR_MISS: string[] = JSON.parse(readFileSync(path.join(import.meta.dirname, "ask-dev-near-miss.json"), "utf8"));

/**
 * Answerable questions in words their page does not use (117, no stemmed content word in
 * common, checked by scripts/ask-eval-check.ts), written blind by a helper who read only the
 * served demo site, never an evaluation set. A threshold judged only on the pages' own
 * questions refuses these (visitors' everyday words); here they are counted.
 */
const NO_SHARED: { q: string; url: string; also?: string[] }[] = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "ask-dev-no-shared.json"), "utf8"),
);

/**
 * How the abstention threshold is chosen from the fit's answers: `right` (shipped until
 * issue 34) keeps all but MAX_LOST of the right answers to page questions; `noshared` also
 * keeps all but MAX_LOST of the no-shared paraphrases of the other folds, right or wrong (a
 * refusal of an answerable question is a false abstention whatever the ranking); `bank`
 * keeps all but MAX_LOST of the held-out question-bank questions, right or wrong: what the
 * build can do, since the bank is the owner's own visitor-worded questions; `page` keeps all
 * but MAX_LOST of the held-out page questions, right or wrong (what the build does with no bank).
 */
const THRESHOLDS = ["right", "noshared", "bank", "page"] as const;

/**
 * The question with one word of 5+ letters misspelt the ways people do (a letter dropped,
 * two swapped, one doubled; never the first letter), chosen by `seed`; null when it has no
 * such word or the edit changes nothing.
 */
function misspelt(q: string, seed: number): string | null {
  const words = q.split(" ");
  const long = words.flatMap((w, i) => {
    const m = /^([a-z]{5,})([^a-z]*)$/i.exec(w);
    return m ? [{ i, letters: m[1], tail: m[2] }] : [];
  });
  if (long.length === 0) return null;
  let x = seed * 2654435761 + q.length * 40503;
  const next = (n: number) => ((x = (x * 1103515245 + 12345) >>> 0) >>> 8) % n;
  const { i, letters: w, tail } = long[next(long.length)];
  const at = 1 + next(w.length - 2);
  const edits = [
    () => w.slice(0, at) + w.slice(at + 1),
    () => w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2),
    () => w.slice(0, at) + w[at] + w.slice(at),
  ];
  words[i] = edits[next(edits.length)]() + tail;
  const out = words.join(" ");
  return out === q ? null : out;
}

/** What the abstention model is fitted to tell apart (positives); everything else is a negative. */
const RULES: Record<string, (s: Sample) => boolean> = {
  // The shipped rule (lib/ask/confidence.ts): abstain when the best page is unlikely to be right.
  right: (s) => s.right1,
  // Measured, not shipped (lib/ask/README.md): abstain when the question is unlikely to be about the site.
  topic: (s) => s.answerable,
};

/**
 * `BENCH_ONLY=ask-dev`: the development harness for /ask's abstention, where variants are
 * chosen; never the frozen evaluation sets (lib/ask/README.md). Each fold of the pages'
 * front-matter questions and of the off-topic list is answered by a model trained without
 * that fold's page questions; an abstention model is then fitted on the other folds' answers
 * and judged on this fold's (cross-fitted), with the build's threshold rule (keep all but
 * MAX_LOST of the right answers). Prints, per rule and seed: held-out top-1/top-3, the share
 * of page and off-topic questions that abstain, and off-topic abstention at 3/5/8% of page
 * questions abstaining (pooled over folds).
 */
export async function benchAskDev() {
  if (process.env.BENCH_ASK_SCAN === "1") return benchScan();
  const { docs, standing } = builtCorpus();
  // BENCH_ASK_NOBANK=1: an owner with no question bank (content/questions.md emptied).
  // BENCH_ASK_BANK_EVERY=n keeps every n-th line of each page's bank: a small bank, as an owner's grows.
  const every = Number(process.env.BENCH_ASK_BANK_EVERY ?? 1);
  const pages = [...docs, ...standing].map((d) =>
    process.env.BENCH_ASK_NOBANK === "1"
      ? { ...d, bank: [] }
      : every > 1
        ? { ...d, bank: (d.bank ?? []).filter((_, i) => i % every === 0) }
        : d,
  );
  // BENCH_ASK_ENCODER=0 leaves the encoder out; BENCH_ASK_UNITS=base leaves headings out of the units.
  const store = process.env.BENCH_ASK_ENCODER === "0" ? undefined : await UnitStore.open(liteEncoder());
  // BENCH_ASK_UNITS: comma-separated, `headings` and/or `leadN` (the body's first N sentences); default the build's.
  const unitsAsked = process.env.BENCH_ASK_UNITS?.split(",");
  const units = unitsAsked
    ? {
        headings: unitsAsked.includes("headings"),
        lead: Number(unitsAsked.find((u) => u.startsWith("lead"))?.slice(4) ?? 0),
        descriptionSentences: unitsAsked.includes("descsent"),
        sectionLeads: unitsAsked.includes("sections"),
        paragraphLeads: unitsAsked.includes("paragraphs"),
        titleQuestions: unitsAsked.includes("qtitle"),
      }
    : UNITS;
  console.log(`  units: ${JSON.stringify(units)}`);
  const fusion = ENCODER_FUSION;
  console.log(`  fusion: ${JSON.stringify(fusion)}`);
  // BENCH_ASK_BODY=sections|paragraphLeads|paragraphs: a body channel beside the units (variants `+δ·body`).
  const bodyKind = process.env.BENCH_ASK_BODY as BodyPassages | undefined;
  const bodyTexts = new Map(bodyKind ? pages.map((d) => [d.url, bodyPassages(d, bodyKind)]) : []);
  let body: Map<string, Float32Array[]> | undefined;
  if (bodyKind && store) {
    await store.ensure([...bodyTexts.values()].flat());
    await store.save();
    body = new Map([...bodyTexts].map(([u, ts]) => [u, ts.map((t) => store.vector(t))]));
    const n = [...bodyTexts.values()].map((ts) => ts.length);
    console.log(
      `  body channel ${bodyKind}: ${n.reduce((a, b) => a + b, 0)} passages, ${n.filter((x) => x === 0).length} of ${n.length} pages with none`,
    );
  }
  const seeds = (process.env.BENCH_ASK_SEEDS ?? "1,2,3").split(",").map(Number);
  const banked = new Set(pages.flatMap((d) => (d.bank ?? []).map((q) => `${d.url}\n${q}`)));
  const rules = (process.env.BENCH_ASK_RULES ?? Object.keys(RULES).join(",")).split(",");
  console.log(
    `\n/ask development harness: ${FOLDS} folds of front-matter questions and of ${OFF_TOPIC_QUESTIONS.length} off-topic questions`,
  );
  for (const seed of seeds) {
    let samples: Sample[] = [];
    if (store) {
      const started = performance.now();
      const before = store.embedded;
      const questions = pages.flatMap((d) => askQuestions(d));
      await store.ensure([
        ...vectorTexts(pages, units),
        ...questions,
        ...questions.flatMap((q) => misspelt(q, seed) ?? []),
        ...[...questions, ...OFF_TOPIC_QUESTIONS].flatMap((q) => fragments(q, seed)),
        ...OFF_TOPIC_QUESTIONS,
        ...NO_SHARED.map((x) => x.q),
        ...NEAR_MISS,
      ]);
      await store.save();
      console.log(
        `  encoder: ${store.embedded - before} texts embedded in ${Math.round(performance.now() - started)} ms (the rest cached)`,
      );
    }
    if (store) hubPool = OFF_TOPIC_QUESTIONS.map((q) => store.vector(q));
    // BENCH_ASK_MEMBERS: fastText members trained per fold (the ensemble variants); the served ranking stays ENSEMBLE's.
    const members = Number(process.env.BENCH_ASK_MEMBERS ?? ENSEMBLE.members);
    // BENCH_ASK_FASTTEXT: fastText hyper-parameters over HYPERPARAMETERS, as JSON ('{"dim":64}').
    const hyperparameters = JSON.parse(process.env.BENCH_ASK_FASTTEXT ?? "{}");
    await eachHeldOutFold(pages, { seed, members, hyperparameters }, async (fold, model, held, training) => {
      const index = store?.index(training, units);
      const ctx = index ? foldContext(index, { docs: training, units }) : undefined;
      // The encoder reads a question with its typos corrected, as the server does.
      await store?.ensure(
        [
          ...held.flatMap(({ q }) => [q, misspelt(q, seed) ?? q, ...fragments(q, seed)]),
          ...OFF_TOPIC_QUESTIONS.flatMap((q) => [q, ...fragments(q, seed)]),
          ...NO_SHARED.map((x) => x.q),
          ...NEAR_MISS,
        ].map((q) => model.spelled(q)),
      );
      await store?.ensure(held.flatMap(({ q }) => [q, misspelt(q, seed) ?? q]));
      /** One question: the classifier's ranking, fused with the encoder's when there is one. */
      const judge = (asked: string, right: string[], variants = false) => {
        const r0 = model.rankWithSignals(asked);
        const r = members === ENSEMBLE.members ? r0 : { ...r0, pages: model.rankMembers(asked, ENSEMBLE.members, ENSEMBLE.combine) };
        if (!index || !store) {
          const urls = r.pages.slice(0, 3).map((p) => p.url);
          return {
            x: features(r.pages[0].p, r.signals),
            right1: right.includes(urls[0]),
            right3: urls.some((u) => right.includes(u)),
            top: r.pages[0].p,
            signals: { ...r.signals, own: model.ownShare(asked) },
          };
        }
        const v = store.vector(model.spelled(asked));
        const view = encoderView(index, v);
        const fused = fuse(r.pages, view, fusion);
        const urls = fused.slice(0, 3).map((p) => p.url);
        const es = encoderSignals(view, fused[0].url);
        return {
          x: encoderFeatures(fused[0].p, r.signals, es),
          top: fused[0].p,
          signals: { ...r.signals, own: model.ownShare(asked) },
          enc: { ...es, ...background(view) },
          right1: right.includes(urls[0]),
          right3: urls.some((u) => right.includes(u)),
          right,
          classifier: r.pages,
          ...(variants ? { ens: classifierVariants(model, asked), view } : {}),
          top3: pageTop3(index, v),
          v,
          vRaw: store.vector(asked),
          ...(ctx
            ? {
                ctx,
                cos: unitCosines(index, v),
                heads: Object.fromEntries(Object.entries(ctx.heads).map(([h, head]) => [h, headLogProbs(head, v)])),
                centroid: centroidCosines(ctx.centroids, index.urls.length, v),
                ...(body ? bodyCosines(index.urls, body, v) : {}),
              }
            : {}),
        };
      };
      for (const { q, url } of held)
        for (const typo of [false, true]) {
          const asked = typo ? misspelt(q, seed) : q;
          if (asked === null) continue;
          samples.push({ fold, answerable: true, typo, bank: banked.has(`${url}\n${q}`), ...judge(asked, [url], true) });
        }
      for (const q of OFF_TOPIC_QUESTIONS.filter((_, i) => i % FOLDS === fold))
        samples.push({ fold, answerable: false, ...judge(q, []), right1: false, right3: false });
      for (const { q, url } of held)
        for (const f of fragments(q, seed))
          samples.push({ fold, answerable: true, fragment: true, bank: banked.has(`${url}\n${q}`), ...judge(f, [url]) });
      for (const q of OFF_TOPIC_QUESTIONS.filter((_, i) => i % FOLDS === fold))
        for (const f of fragments(q, seed))
          samples.push({ fold, answerable: false, fragment: true, ...judge(f, []), right1: false, right3: false });
      for (const x of NO_SHARED.filter((_, i) => i % FOLDS === fold))
        samples.push({ fold, answerable: true, noShared: true, ...judge(x.q, [x.url, ...(x.also ?? [])], true) });
      for (const q of NEAR_MISS.filter((_, i) => i % FOLDS === fold))
        samples.push({ fold, answerable: false, nearMiss: true, ...judge(q, []), right1: false, right3: false });
    });
    const everything = samples;
    if (store) printOffTopic(everything);
    if (process.env.BENCH_ASK_OFFTOPIC_ONLY === "1") continue;
    samples = everything.filter((s) => !s.fragment);
    if (store) printVariants(samples);
    const answerable = samples.filter((s) => s.answerable && !s.typo && !s.noShared);
    const noShared = samples.filter((s) => s.noShared);
    const share = (n: number, d: number) => `${Math.round((100 * n) / d)}%`;
    console.log(
      `  seed ${seed}: held-out top-1 ${(answerable.filter((s) => s.right1).length / answerable.length).toFixed(3)}, top-3 ${(answerable.filter((s) => s.right3).length / answerable.length).toFixed(3)} (${answerable.length} page questions); no-shared paraphrases top-1 ${(noShared.filter((s) => s.right1).length / noShared.length).toFixed(3)}, top-3 ${(noShared.filter((s) => s.right3).length / noShared.length).toFixed(3)} (${noShared.length})`,
    );
    if (store) printCosineRule(samples);
    for (const rule of rules)
      for (const how of THRESHOLDS) {
        const positive = RULES[rule];
        if (!positive) throw new Error(`BENCH_ASK_RULES: no rule ${rule} (${Object.keys(RULES).join(", ")})`);
        const judged: { p: number; abstains: boolean; s: Sample }[] = [];
        for (let g = 0; g < FOLDS; g++) {
          const fit = samples.filter((s) => s.fold !== g && !s.nearMiss && !s.typo && !s.noShared);
          const w = fitLogistic(fit.map((s) => ({ x: s.x, y: positive(s) ? 1 : 0 })));
          const right = chooseThreshold(
            fit.filter((s) => s.right1).map((s) => probability(w, s.x)),
            MAX_LOST,
          );
          const visitors = samples.filter((s) => s.fold !== g && s.noShared).map((s) => probability(w, s.x));
          const bankAnswers = fit.filter((s) => s.bank).map((s) => probability(w, s.x));
          const pageAnswers = fit.filter((s) => s.answerable).map((s) => probability(w, s.x));
          const threshold =
            how === "noshared"
              ? Math.min(right, chooseThreshold(visitors, MAX_LOST))
              : how === "bank"
                ? Math.min(right, chooseThreshold(bankAnswers, MAX_LOST))
                : how === "page"
                  ? Math.min(right, chooseThreshold(pageAnswers, MAX_LOST))
                  : right;
          for (const s of samples.filter((x) => x.fold === g)) {
            const p = probability(w, s.x);
            judged.push({ p, abstains: p < threshold, s });
          }
        }
        const onSite = judged.filter((j) => j.s.answerable && !j.s.typo && !j.s.noShared);
        const paraphrases = judged.filter((j) => j.s.noShared);
        const typos = judged.filter((j) => j.s.typo);
        const off = judged.filter((j) => !j.s.answerable && !j.s.nearMiss);
        const near = judged.filter((j) => j.s.nearMiss);
        const sorted = onSite.map((j) => j.p).sort((a, b) => a - b);
        const visitorP = paraphrases.map((j) => j.p).sort((a, b) => a - b);
        const atVisitors = (xs: typeof judged) =>
          [0.1, 0.2, 0.3]
            .map((lost) => share(xs.filter((j) => j.p < visitorP[Math.floor(visitorP.length * lost)]).length, xs.length))
            .join(" / ");
        const at = (xs: typeof judged) =>
          [0.03, 0.05, 0.08]
            .map((lost) => share(xs.filter((j) => j.p < sorted[Math.floor(sorted.length * lost)]).length, xs.length))
            .join(" / ");
        console.log(
          `    abstain on ${rule.padEnd(6)} threshold ${how.padEnd(8)} no-shared paraphrases ${share(paraphrases.filter((j) => j.abstains).length, paraphrases.length)} (served top-3 ${(paraphrases.filter((j) => !j.abstains && j.s.right3).length / paraphrases.length).toFixed(3)}), page questions ${share(onSite.filter((j) => j.abstains).length, onSite.length)}, off-topic ${share(off.filter((j) => j.abstains).length, off.length)}, near-miss ${share(near.filter((j) => j.abstains).length, near.length)}, misspelt page questions ${share(typos.filter((j) => j.abstains).length, typos.length)};` +
            ` served top-3 ${(onSite.filter((j) => !j.abstains && j.s.right3).length / onSite.length).toFixed(3)}, misspelt ${(typos.filter((j) => !j.abstains && j.s.right3).length / typos.length).toFixed(3)}\n` +
            `      at 3 / 5 / 8% of page questions abstaining: off-topic ${at(off)}, near-miss ${at(near)}, misspelt page questions ${at(typos)}\n` +
            `      at 10 / 20 / 30% of no-shared paraphrases abstaining: off-topic ${atVisitors(off)}, near-miss ${atVisitors(near)}`,
        );
      }
  }
}

/** Top-1 / top-3 of each fusion variant on held-out page questions, the bank's among them, and the no-shared paraphrases. */
function printVariants(samples: Sample[]) {
  const groups: [string, Sample[]][] = [
    ["held-out page questions", samples.filter((s) => s.answerable && !s.typo && !s.noShared)],
    ["of which bank", samples.filter((s) => s.answerable && !s.typo && !s.noShared && s.bank)],
    ["misspelt", samples.filter((s) => s.typo)],
    ["no-shared paraphrases", samples.filter((s) => s.noShared)],
  ];
  console.log(`    fusion variants, top-1 / top-3: ${groups.map(([g, xs]) => `${g} (${xs.length})`).join("; ")}`);
  // BENCH_ASK_VARIANTS: a regular expression on the variants' names (default every one).
  const only = new RegExp(process.env.BENCH_ASK_VARIANTS ?? "");
  for (const [name, v] of Object.entries({ ...VARIANTS, ...SIXTH, ...ENSEMBLE_VARIANTS }).filter(([n]) => only.test(n))) {
    // A variant over a head this run did not train ranks nothing: left out.
    if (groups[0][1].length && v(groups[0][1][0]).length === 0) continue;
    const cells = groups.map(([, xs]) => {
      let t1 = 0;
      let t3 = 0;
      for (const s of xs) {
        const ranked = v(s);
        if (s.right!.includes(ranked[0])) t1++;
        if (ranked.slice(0, 3).some((u) => s.right!.includes(u))) t3++;
      }
      return xs.length ? `${(t1 / xs.length).toFixed(3)} / ${(t3 / xs.length).toFixed(3)}` : "-";
    });
    console.log(`      ${name.padEnd(26)} ${cells.map((c) => c.padEnd(15)).join(" ")}`);
  }
}

/**
 * Abstention on the encoder's best unit cosine alone (no fit): off-topic and near-miss
 * abstention at 3 / 5 / 8% of held-out page questions and at 10 / 20 / 30% of no-shared
 * paraphrases abstaining.
 */
function printCosineRule(samples: Sample[]) {
  const best = (s: Sample) => s.enc!.best;
  const page = samples
    .filter((s) => s.answerable && !s.typo && !s.noShared)
    .map(best)
    .sort((a, b) => a - b);
  const para = samples
    .filter((s) => s.noShared)
    .map(best)
    .sort((a, b) => a - b);
  const off = samples.filter((s) => !s.answerable && !s.nearMiss);
  const near = samples.filter((s) => s.nearMiss);
  const share = (xs: Sample[], t: number) => `${Math.round((100 * xs.filter((s) => best(s) < t).length) / xs.length)}%`;
  const at = (sorted: number[], lost: number[]) =>
    lost.map((l) => sorted[Math.floor(sorted.length * l)]).map((t) => `${t.toFixed(2)}: ${share(off, t)} / ${share(near, t)}`);
  console.log(
    `    best cosine alone, off-topic / near-miss abstaining at 3 / 5 / 8% of page questions: ${at(page, [0.03, 0.05, 0.08]).join(", ")}; at 10 / 20 / 30% of no-shared paraphrases: ${at(para, [0.1, 0.2, 0.3]).join(", ")}`,
  );
}

/**
 * `BENCH_ASK_SCAN=1`: the request thread's unit scan on the built vectors (`npm run
 * build:content`), the best units alone against the best units mixed with the centroid, in one
 * run, alternating rounds; each of the site's own units serves as a question.
 */
async function benchScan() {
  const dir = path.dirname(siteFile(VECTORS_FILE));
  const index = await loadVectorIndex(dir);
  if (!index) throw new Error(`no vectors in ${dir}: run npm run build:content`);
  const questions = Array.from({ length: Math.min(600, index.scales.length) }, (_, i) => {
    const u = Math.floor((i * index.scales.length) / 600);
    return Float32Array.from(index.data.subarray(u * index.dim, (u + 1) * index.dim), (x) => x * index.scales[u]);
  });
  const started = performance.now();
  pageSumNorms(index);
  console.log(
    `  ${index.scales.length} units, ${index.urls.length} pages; the pages' sum lengths once: ${(performance.now() - started).toFixed(1)} ms`,
  );
  console.log(`  body channel: ${index.body?.scales.length ?? 0} passages`);
  const variants: [string, number, number][] = [
    ["best 3", 0, 0],
    ["best 3 + centroid", PAGE_SCORE_CENTROID, 0],
    ["+ body channel", PAGE_SCORE_CENTROID, PAGE_SCORE_BODY],
  ];
  const times: Record<string, number[]> = Object.fromEntries(variants.map(([name]) => [name, []]));
  for (const q of questions) pageScores(index, q, PAGE_SCORE_UNITS, PAGE_SCORE_CENTROID, PAGE_SCORE_BODY); // warm up
  for (let round = 0; round < 9; round++) {
    const [name, centroid, body] = variants[round % variants.length];
    for (const q of questions) {
      const t = performance.now();
      pageScores(index, q, PAGE_SCORE_UNITS, centroid, body);
      times[name].push(performance.now() - t);
    }
  }
  for (const [name, xs] of Object.entries(times))
    console.log(
      `  ${name.padEnd(18)} ${xs.length} scans: p50 ${percentile(xs, 50).toFixed(3)} ms, p99 ${percentile(xs, 99).toFixed(3)} ms`,
    );
}

/**
 * Feature sets for the off-topic signal (issue 43): `shipped` is what the build's encoder fit
 * reads (`encoderFeatures`), `before` the same vector rebuilt from the sample's parts, which
 * the candidates add to: `own` (the share of the question's words the site knows without the
 * vocabulary bridge), whether any is, how far the encoder's best page stands out of its
 * background (the mean page score, the 10th best), the classifier's own top probability.
 */
const OFF_TOPIC_FEATURES: Record<string, (s: Sample) => number[]> = {
  shipped: (s) => s.x,
  before: (s) => before(s),
  "+own": (s) => [...before(s), s.signals!.own],
  "+anyown": (s) => [...before(s), s.signals!.own > 0 ? 1 : 0],
  "+own+anyown": (s) => [...before(s), s.signals!.own, s.signals!.own > 0 ? 1 : 0],
  "+lift": (s) => [...before(s), s.enc!.best - s.enc!.mean],
  "+standout": (s) => [...before(s), s.enc!.best - s.enc!.tenth],
  "+own+lift": (s) => [...before(s), s.signals!.own, s.enc!.best - s.enc!.mean],
  "+own+standout": (s) => [...before(s), s.signals!.own, s.enc!.best - s.enc!.tenth],
  // The classifier's own top probability beside the fused one: a question with no word the
  // classifier knows gets a uniform classifier, and its fused top probability is then the
  // encoder's softmax at γ 80 alone, as peaked as for a page question ("lasagna").
  "+cls": (s) => [...before(s), clsLogit(s)],
  "+own+cls": (s) => [...before(s), s.signals!.own, clsLogit(s)],
  "+own+cls+lift": (s) => [...before(s), s.signals!.own, clsLogit(s), s.enc!.best - s.enc!.mean],
  "+anyown+cls": (s) => [...before(s), s.signals!.own > 0 ? 1 : 0, clsLogit(s)],
  // The fused top probability counted only as far as the classifier read the question: with no
  // word of the site's own, the fused ranking is the encoder's softmax alone.
  "+own+owntop": (s) => [...before(s), s.signals!.own, s.signals!.own * before(s)[1]],
  "gated+own": (s) =>
    before(s)
      .map((v, i) => (i === 1 ? v * s.signals!.own : v))
      .concat(s.signals!.own),
  "+own+anytop": (s) => [...before(s), s.signals!.own, s.signals!.own > 0 ? before(s)[1] : 0],
  "+all": (s) => [...before(s), s.signals!.own, s.signals!.own > 0 ? 1 : 0, s.enc!.best - s.enc!.mean, s.enc!.best - s.enc!.tenth],
};

/** The encoder fit's features: the fused top probability, four overlap signals, three encoder signals. */
function before(s: Sample): number[] {
  const p = Math.min(1 - 1e-6, Math.max(1e-6, s.top!));
  const { coverage, found, known, familiar } = s.signals!;
  return [1, Math.log(p / (1 - p)) / 5, coverage, found, known, familiar, s.enc!.best, s.enc!.margin, s.enc!.agree];
}

function clsLogit(s: Sample): number {
  const p = Math.min(1 - 1e-6, Math.max(1e-6, s.classifier![0]?.p ?? 0));
  return Math.log(p / (1 - p)) / 5;
}

/**
 * Off-topic abstention per feature set and fit (`whole`: whole questions only, as the build
 * fitted until issue 43; `+frag`: the fragments of the fit's folds too), cross-fitted by fold,
 * the threshold by the build's rule (all but MAX_LOST of the right answers and of the held-out
 * bank questions, whole ones). Fragments and whole questions are reported apart.
 */
function printOffTopic(samples: Sample[]) {
  const sets = (process.env.BENCH_ASK_FEATURES ?? Object.keys(OFF_TOPIC_FEATURES).join(",")).split(",");
  const pct = (n: number, d: number) => (d ? `${Math.round((100 * n) / d)}%` : "-");
  console.log(
    `    off-topic signal (${samples.filter((s) => s.fragment && s.answerable).length} page-question fragments, ${samples.filter((s) => s.fragment && !s.answerable).length} off-topic fragments):`,
  );
  const none = (xs: Sample[]) => pct(xs.filter((s) => s.signals!.own === 0).length, xs.length);
  console.log(
    `      no word known as typed (own 0): page ${none(samples.filter((s) => s.answerable && !s.typo && !s.noShared && !s.fragment))}, page fragments ${none(samples.filter((s) => s.answerable && s.fragment))}, misspelt ${none(samples.filter((s) => s.typo))}, no-shared ${none(samples.filter((s) => s.noShared))}, off-topic ${none(samples.filter((s) => !s.answerable && !s.nearMiss && !s.fragment))}, off-topic fragments ${none(samples.filter((s) => !s.answerable && s.fragment))}, near-miss ${none(samples.filter((s) => s.nearMiss))}`,
  );
  for (const name of sets) {
    const f = OFF_TOPIC_FEATURES[name];
    if (!f) throw new Error(`BENCH_ASK_FEATURES: no set ${name} (${Object.keys(OFF_TOPIC_FEATURES).join(", ")})`);
    for (const fit of (process.env.BENCH_ASK_FITS ?? "whole,+frag").split(",") as ("whole" | "+frag")[]) {
      const judged: { p: number; abstains: boolean; s: Sample }[] = [];
      for (let g = 0; g < FOLDS; g++) {
        const train = samples.filter((s) => s.fold !== g && !s.nearMiss && !s.typo && !s.noShared && (fit === "+frag" || !s.fragment));
        const w = fitLogistic(train.map((s) => ({ x: f(s), y: s.right1 ? 1 : 0 })));
        const p = (s: Sample) => probability(w, f(s));
        const whole = train.filter((s) => s.answerable && !s.fragment);
        const threshold = Math.min(
          chooseThreshold(whole.filter((s) => s.right1).map(p), MAX_LOST),
          chooseThreshold(whole.filter((s) => s.bank).map(p), MAX_LOST),
        );
        for (const s of samples.filter((x) => x.fold === g)) judged.push({ p: p(s), abstains: p(s) < threshold, s });
      }
      const groups = {
        page: judged.filter((j) => j.s.answerable && !j.s.typo && !j.s.noShared && !j.s.fragment),
        pageFrag: judged.filter((j) => j.s.answerable && j.s.fragment),
        typo: judged.filter((j) => j.s.typo),
        noShared: judged.filter((j) => j.s.noShared),
        off: judged.filter((j) => !j.s.answerable && !j.s.nearMiss && !j.s.fragment),
        offFrag: judged.filter((j) => !j.s.answerable && j.s.fragment),
        near: judged.filter((j) => j.s.nearMiss),
      };
      const served = (xs: typeof judged) => pct(xs.filter((j) => j.abstains).length, xs.length);
      const curve = (base: typeof judged, xs: (typeof judged)[]) => {
        const sorted = base.map((j) => j.p).sort((a, b) => a - b);
        return [0.02, 0.05, 0.08]
          .map((lost) => {
            const t = sorted[Math.floor(sorted.length * lost)];
            return xs.map((x) => pct(x.filter((j) => j.p < t).length, x.length)).join("/");
          })
          .join(", ");
      };
      const pooled = [...groups.page, ...groups.pageFrag];
      // Calibration: mean P(right) said against the share right, by fifths of the score, over every judged question but the near-miss ones.
      const cal = [0, 0.2, 0.4, 0.6, 0.8]
        .map((lo) => {
          const xs = judged.filter((j) => !j.s.nearMiss && j.p >= lo && j.p < lo + 0.2);
          return xs.length
            ? `${(xs.reduce((a, j) => a + j.p, 0) / xs.length).toFixed(2)}→${(xs.filter((j) => j.s.right1).length / xs.length).toFixed(2)}`
            : "-";
        })
        .join(" ");
      const blank = (xs: typeof judged) => served(xs.filter((j) => j.s.signals!.own === 0));
      console.log(
        `      ${name.padEnd(14)} ${fit.padEnd(6)} no word of the site's own (own 0) served: answerable ${blank(judged.filter((j) => j.s.answerable))}, off-topic ${blank(judged.filter((j) => !j.s.answerable && !j.s.nearMiss))}`,
      );
      console.log(
        `      ${name.padEnd(14)} ${fit.padEnd(6)} served: page ${served(groups.page)}, page fragments ${served(groups.pageFrag)}, misspelt ${served(groups.typo)}, no-shared ${served(groups.noShared)}; off-topic ${served(groups.off)}, off-topic fragments ${served(groups.offFrag)}, near-miss ${served(groups.near)}\n` +
          `        at 2 / 5 / 8% of page questions: off-topic/fragments/near-miss ${curve(groups.page, [groups.off, groups.offFrag, groups.near])}; at 2 / 5 / 8% of page fragments: off-topic fragments ${curve(groups.pageFrag, [groups.offFrag])}; pooled at 2 / 5 / 8%: off-topic pooled ${curve(pooled, [[...groups.off, ...groups.offFrag]])}\n` +
          `        calibration (said→right, fifths): ${cal}`,
      );
    }
  }
}

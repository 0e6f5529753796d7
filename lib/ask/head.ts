import type { VectorIndex } from "./encoder";

/**
 * A learned head over the encoder's vectors: a multinomial logistic regression (linear
 * softmax) from a question's vector to the page it asks about, trained on the pages' own
 * units (each unit labelled with its page). Where nearest units compare a question with one
 * text at a time, the head weighs every dimension by how well it tells pages apart.
 */
export interface EncoderHead {
  dim: number;
  pages: number;
  /** pages × dim, page-major. */
  weights: Float32Array;
  bias: Float32Array;
}

export interface HeadSettings {
  /** L2 penalty on the weights (per unit of the examples' total weight). */
  l2: number;
  /** Full-batch Adam steps. */
  steps: number;
  /** Learning rate. */
  rate: number;
  /** The weights' starting scale: each page's row starts as this times its normalized centroid. */
  init: number;
  /** Weigh each example by 1 / its page's unit count (every page counts the same), else 1. */
  balanced: boolean;
}

export const HEAD: HeadSettings = { l2: 1e-3, steps: 40, rate: 0.1, init: 10, balanced: false };

/** Four sums at once (as in the unit scan). */
function dot(a: ArrayLike<number>, ao: number, b: ArrayLike<number>, bo: number, dim: number): number {
  let d0 = 0;
  let d1 = 0;
  let d2 = 0;
  let d3 = 0;
  const tail = dim - (dim % 4);
  for (let i = 0; i < tail; i += 4) {
    d0 += a[ao + i] * b[bo + i];
    d1 += a[ao + i + 1] * b[bo + i + 1];
    d2 += a[ao + i + 2] * b[bo + i + 2];
    d3 += a[ao + i + 3] * b[bo + i + 3];
  }
  let s = d0 + d1 + d2 + d3;
  for (let i = tail; i < dim; i++) s += a[ao + i] * b[bo + i];
  return s;
}

export interface RidgeSettings {
  /** The ridge penalty λ (per unit of the examples' total weight). */
  l2: number;
  /** The logits' scale: log-probabilities are log-softmax(temperature · (W·v + b)). */
  temperature: number;
  balanced: boolean;
}

export const RIDGE: RidgeSettings = { l2: 1e-2, temperature: 20, balanced: false };

/**
 * Each example's weight in the loss, summing to 1: equal, or (balanced) equal per page so a
 * page with many units does not outweigh one with few. Checks the examples' shape first.
 */
function exampleWeights(x: Float32Array, labels: ArrayLike<number>, pages: number, dim: number, balanced: boolean): Float64Array {
  const n = labels.length;
  if (x.length !== n * dim) throw new Error(`head: ${x.length} values for ${n} examples of ${dim} dimensions`);
  const counts = new Float64Array(pages);
  for (let i = 0; i < n; i++) counts[labels[i]]++;
  const weight = new Float64Array(n);
  for (let i = 0; i < n; i++) weight[i] = balanced ? 1 / counts[labels[i]] : 1;
  const total = weight.reduce((a, b) => a + b, 0) || 1;
  for (let i = 0; i < n; i++) weight[i] /= total;
  return weight;
}

/**
 * A least-squares head: the linear map from unit vectors to their page's one-hot row that
 * minimizes the squared error plus λ‖W‖² (closed form, one 512 × 512 solve), its outputs
 * scaled by `temperature` into logits. Seconds at build where the softmax head takes minutes.
 */
export function trainRidgeHead(
  x: Float32Array,
  labels: ArrayLike<number>,
  pages: number,
  dim: number,
  s: RidgeSettings = RIDGE,
): EncoderHead {
  const n = labels.length;
  const weight = exampleWeights(x, labels, pages, dim, s.balanced);
  // Centre on the weighted mean so the bias takes the pages' prior.
  const mean = new Float64Array(dim);
  for (let i = 0; i < n; i++) for (let d = 0; d < dim; d++) mean[d] += weight[i] * x[i * dim + d];
  const prior = new Float64Array(pages);
  for (let i = 0; i < n; i++) prior[labels[i]] += weight[i];
  // A = Xcᵀ Ω Xc + λI (dim × dim), B = Xcᵀ Ω Y (dim × pages).
  const A = new Float64Array(dim * dim);
  const B = new Float64Array(dim * pages);
  const xc = new Float64Array(dim);
  for (let i = 0; i < n; i++) {
    for (let d = 0; d < dim; d++) xc[d] = x[i * dim + d] - mean[d];
    const w = weight[i];
    for (let a = 0; a < dim; a++) {
      const wa = w * xc[a];
      const row = a * dim;
      for (let c = a; c < dim; c++) A[row + c] += wa * xc[c];
      B[a * pages + labels[i]] += wa;
    }
  }
  for (let a = 0; a < dim; a++) {
    for (let c = 0; c < a; c++) A[a * dim + c] = A[c * dim + a];
    A[a * dim + a] += s.l2;
  }
  // Cholesky: A = L Lᵀ, L in A's lower triangle.
  for (let j = 0; j < dim; j++) {
    let diag = A[j * dim + j];
    for (let k = 0; k < j; k++) diag -= A[j * dim + k] ** 2;
    const l = Math.sqrt(Math.max(diag, 1e-12));
    A[j * dim + j] = l;
    for (let i = j + 1; i < dim; i++) {
      let v = A[i * dim + j];
      for (let k = 0; k < j; k++) v -= A[i * dim + k] * A[j * dim + k];
      A[i * dim + j] = v / l;
    }
  }
  const weights = new Float32Array(pages * dim);
  const bias = new Float32Array(pages);
  const y = new Float64Array(dim);
  for (let p = 0; p < pages; p++) {
    // Solve L y = B[:, p], then Lᵀ w = y.
    for (let i = 0; i < dim; i++) {
      let v = B[i * pages + p];
      for (let k = 0; k < i; k++) v -= A[i * dim + k] * y[k];
      y[i] = v / A[i * dim + i];
    }
    for (let i = dim - 1; i >= 0; i--) {
      let v = y[i];
      for (let k = i + 1; k < dim; k++) v -= (A[k * dim + i] * weights[p * dim + k]) / s.temperature;
      weights[p * dim + i] = (s.temperature * v) / A[i * dim + i];
    }
    let b = prior[p];
    for (let d = 0; d < dim; d++) b -= (weights[p * dim + d] / s.temperature) * mean[d];
    bias[p] = s.temperature * b;
  }
  return { dim, pages, weights, bias };
}

/** The examples of an index: each unit's vector (as shipped, through int8) and its page. */
export function indexExamples(index: VectorIndex): { x: Float32Array; labels: Uint16Array } {
  const { dim, data, scales, unitPage } = index;
  const x = new Float32Array(data.length);
  for (let u = 0; u < scales.length; u++) for (let i = 0; i < dim; i++) x[u * dim + i] = data[u * dim + i] * scales[u];
  return { x, labels: unitPage };
}

/**
 * Trains the head on examples `x` (count × dim, row-major) labelled with pages 0..pages-1.
 * Deterministic (no sampling): the same examples make the same head.
 */
export function trainHead(x: Float32Array, labels: ArrayLike<number>, pages: number, dim: number, s: HeadSettings = HEAD): EncoderHead {
  const n = labels.length;
  const weight = exampleWeights(x, labels, pages, dim, s.balanced);

  // Start from the centroid classifier: each page's row its normalized mean unit, scaled.
  const W = new Float32Array(pages * dim);
  for (let i = 0; i < n; i++) for (let d = 0; d < dim; d++) W[labels[i] * dim + d] += x[i * dim + d];
  for (let p = 0; p < pages; p++) {
    let norm = 0;
    for (let d = 0; d < dim; d++) norm += W[p * dim + d] ** 2;
    const k = norm > 0 ? s.init / Math.sqrt(norm) : 0;
    for (let d = 0; d < dim; d++) W[p * dim + d] *= k;
  }
  const b = new Float64Array(pages);
  const gW = new Float32Array(pages * dim);
  const gb = new Float64Array(pages);
  const mW = new Float64Array(pages * dim);
  const vW = new Float64Array(pages * dim);
  const mb = new Float64Array(pages);
  const vb = new Float64Array(pages);
  const z = new Float64Array(pages);
  const [b1, b2, eps] = [0.9, 0.999, 1e-8];
  for (let step = 1; step <= s.steps; step++) {
    gW.fill(0);
    gb.fill(0);
    for (let i = 0; i < n; i++) {
      const off = i * dim;
      let max = -Infinity;
      for (let p = 0; p < pages; p++) {
        const acc = b[p] + dot(W, p * dim, x, off, dim);
        z[p] = acc;
        if (acc > max) max = acc;
      }
      let sum = 0;
      for (let p = 0; p < pages; p++) sum += z[p] = Math.exp(z[p] - max);
      for (let p = 0; p < pages; p++) {
        const g = (weight[i] * z[p]) / sum - (p === labels[i] ? weight[i] : 0);
        // Most pages' probabilities are negligible for most examples: skipping them costs nothing measurable.
        if (Math.abs(g) < 1e-9) continue;
        gb[p] += g;
        const row = p * dim;
        for (let d = 0; d < dim; d++) gW[row + d] += g * x[off + d];
      }
    }
    const c1 = 1 - b1 ** step;
    const c2 = 1 - b2 ** step;
    for (let j = 0; j < W.length; j++) {
      const g = gW[j] + s.l2 * W[j];
      mW[j] = b1 * mW[j] + (1 - b1) * g;
      vW[j] = b2 * vW[j] + (1 - b2) * g * g;
      W[j] -= (s.rate * (mW[j] / c1)) / (Math.sqrt(vW[j] / c2) + eps);
    }
    for (let p = 0; p < pages; p++) {
      mb[p] = b1 * mb[p] + (1 - b1) * gb[p];
      vb[p] = b2 * vb[p] + (1 - b2) * gb[p] * gb[p];
      b[p] -= (s.rate * (mb[p] / c1)) / (Math.sqrt(vb[p] / c2) + eps);
    }
  }
  return { dim, pages, weights: Float32Array.from(W), bias: Float32Array.from(b) };
}

/** The head's log-probability of each page for a question's vector (log-softmax of its logits). */
export function headLogProbs(head: EncoderHead, v: Float32Array): Float32Array {
  const { dim, pages, weights, bias } = head;
  if (v.length !== dim) throw new Error(`a question vector of ${v.length} dimensions against a head of ${dim}`);
  const z = new Float32Array(pages);
  let max = -Infinity;
  for (let p = 0; p < pages; p++) {
    const acc = bias[p] + dot(weights, p * dim, v, 0, dim);
    z[p] = acc;
    if (acc > max) max = acc;
  }
  let sum = 0;
  for (let p = 0; p < pages; p++) sum += Math.exp(z[p] - max);
  const lse = max + Math.log(sum);
  for (let p = 0; p < pages; p++) z[p] -= lse;
  return z;
}

/** Each page's centroid: the normalized mean of its units' vectors (zero for a page with none). */
export function pageCentroids(index: VectorIndex): Float32Array {
  const { dim, data, scales, unitPage } = index;
  const out = new Float32Array(index.urls.length * dim);
  for (let u = 0; u < scales.length; u++) {
    const row = unitPage[u] * dim;
    for (let d = 0; d < dim; d++) out[row + d] += data[u * dim + d] * scales[u];
  }
  for (let p = 0; p < index.urls.length; p++) {
    let norm = 0;
    for (let d = 0; d < dim; d++) norm += out[p * dim + d] ** 2;
    const k = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let d = 0; d < dim; d++) out[p * dim + d] *= k;
  }
  return out;
}

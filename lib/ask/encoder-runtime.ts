import { readFile } from "node:fs/promises";
import path from "node:path";
import { buildSingleton, siteFile } from "@/lib/build-output";
import { env, type Env } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";
import {
  EncoderFailed,
  USE_LITE_ID,
  VECTORS_FILE,
  decodeVectorFile,
  pageScores,
  pageSumNorms,
  remoteEncoder,
  remoteEncoderId,
  sameEncoder,
  type VectorIndex,
} from "./encoder";
import { EncoderThread, type WarmUp } from "./encoder-thread";
import { loadEmbeddedModel } from "./embedded-model";

/**
 * The encoder expert at request time: the build's vectors, the process's question encoder
 * (USE-lite in a worker, or the owner's endpoint), a deadline per question and a bounded
 * cache of question vectors.
 */

/** Question vectors kept (512 floats each: about 4 MB). */
export const QUESTION_CACHE = 2000;
export const DEFAULT_DEADLINE_MS = { local: 60, endpoint: 1500 } as const;

type EncoderEnv = Pick<Env, "ASK_ENCODER" | "ASK_EMBED_URL" | "ASK_EMBED_MODEL" | "ASK_EMBED_KEY" | "ASK_EMBED_TIMEOUT_MS">;

/** Which encoder this process asks, by the identity its vectors carry; null when switched off. */
export function configuredEncoderId(e: EncoderEnv = env()): string | null {
  if (e.ASK_ENCODER === "off") return null;
  return e.ASK_EMBED_URL ? remoteEncoderId(e.ASK_EMBED_MODEL ?? "default") : USE_LITE_ID;
}

/** The build's vectors beside the model, or null (not built, switched off, or unreadable). */
export function loadVectorIndex(dir: string): Promise<VectorIndex | null> {
  const key = path.resolve(dir);
  const cache = buildSingleton("ask-vectors", () => new Map<string, Promise<VectorIndex | null>>());
  const loaded = buildSingleton("ask-vectors-loaded", () => new Map<string, VectorIndex>());
  let got = cache.get(key);
  if (!got) {
    got = readFile(path.join(key, VECTORS_FILE)).then(decodeVectorFile, () => null);
    cache.set(key, got);
    got.then((m) => (m ? loaded.set(key, m) : cache.delete(key)));
  }
  return got;
}

/** The vectors loadVectorIndex has already read, without waiting (undefined before then). */
function loadedVectorIndex(dir: string): VectorIndex | undefined {
  return buildSingleton("ask-vectors-loaded", () => new Map<string, VectorIndex>()).get(path.resolve(dir));
}

/** A bounded map whose least recently used entry goes first. */
export class Lru<V> {
  private map = new Map<string, V>();
  constructor(readonly max: number) {}
  get(k: string): V | undefined {
    const v = this.map.get(k);
    if (v !== undefined) {
      this.map.delete(k);
      this.map.set(k, v);
    }
    return v;
  }
  set(k: string, v: V): void {
    this.map.delete(k);
    this.map.set(k, v);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }
  get size(): number {
    return this.map.size;
  }
}

export interface QuestionEncoder {
  id: string;
  /** The question's vector within the deadline; rejects with EncoderFailed (timeout, busy, error, …). */
  embed(text: string): Promise<Float32Array>;
  /** Loaded and warm (USE-lite, with what warming cost), or immediately (an endpoint: null). */
  ready: Promise<WarmUp | null>;
  /** null while usable, else why not. */
  status(): string | null;
}

/** The process's question encoder (one worker per process), or null when switched off. */
export function questionEncoder(e: EncoderEnv = env()): QuestionEncoder | null {
  const id = configuredEncoderId(e);
  if (!id) return null;
  return processSingleton(`ask-question-encoder:${id}:${e.ASK_EMBED_URL ?? ""}`, () => makeEncoder(id, e));
}

function makeEncoder(id: string, e: EncoderEnv): QuestionEncoder {
  const cache = new Lru<Float32Array>(QUESTION_CACHE);
  const key = (text: string) => text.trim().toLowerCase().replace(/\s+/g, " ");
  if (e.ASK_EMBED_URL) {
    const remote = remoteEncoder({ url: e.ASK_EMBED_URL, model: e.ASK_EMBED_MODEL ?? "default", key: e.ASK_EMBED_KEY });
    const deadline = e.ASK_EMBED_TIMEOUT_MS ?? DEFAULT_DEADLINE_MS.endpoint;
    return {
      id,
      ready: Promise.resolve(null),
      status: () => null,
      async embed(text) {
        const hit = cache.get(key(text));
        if (hit) return hit;
        const [v] = await remote.embed([text], AbortSignal.timeout(deadline));
        cache.set(key(text), v);
        return v;
      },
    };
  }
  const thread = new EncoderThread({ onLate: (text, v) => cache.set(key(text), v) });
  const deadline = e.ASK_EMBED_TIMEOUT_MS ?? DEFAULT_DEADLINE_MS.local;
  let warm = false;
  thread.ready.then(() => (warm = true)).catch((err: EncoderFailed) => console.error(`/ask encoder: USE-lite ${err.message}`));
  return {
    id,
    ready: thread.ready,
    status: () => thread.status,
    async embed(text) {
      const hit = cache.get(key(text));
      if (hit) return hit;
      // Loading and warming take a second or two: a question asked meanwhile is not held up by it.
      if (!warm) throw new EncoderFailed(thread.status ? "error" : "loading");
      const v = await thread.embed(text, deadline);
      cache.set(key(text), v);
      return v;
    },
  };
}

export interface EncoderView {
  /** Each page's score (`pageScores`: its best units and their centroid), by URL. */
  scores: Map<string, number>;
}

/**
 * Page scores for a question, or why the encoder sat this one out: `off`, `no vectors`,
 * `other encoder` (the build's vectors came from another encoder than this server's),
 * `timeout`, `busy`, `loading`, `error`.
 */
export async function encoderScores(
  question: string,
  dir: string,
  e: EncoderEnv = env(),
): Promise<{ ok: true; view: EncoderView; id: string } | { ok: false; reason: string }> {
  const encoder = questionEncoder(e);
  if (!encoder) return { ok: false, reason: "off" };
  // Without waiting once the vectors are loaded (at start): the question must reach the worker
  // before this function first awaits, or the caller's classifier runs before the embedding
  // starts rather than while it runs.
  const index = loadedVectorIndex(dir) ?? (await loadVectorIndex(dir));
  if (!index || index.scales.length === 0) return { ok: false, reason: "no vectors" };
  if (!sameEncoder(index, encoder.id)) return { ok: false, reason: "other encoder" };
  let v: Float32Array;
  try {
    v = await encoder.embed(question);
  } catch (err) {
    return { ok: false, reason: err instanceof EncoderFailed ? err.reason : "error" };
  }
  if (v.length !== index.dim) return { ok: false, reason: "wrong dimension" };
  // The unit scan costs 1–3 ms of this thread: a question asked again costs nothing.
  const scans = processSingleton("ask-encoder-scans", () => new WeakMap<VectorIndex, Lru<Float32Array>>());
  let cache = scans.get(index);
  if (!cache) scans.set(index, (cache = new Lru<Float32Array>(QUESTION_CACHE)));
  let best = cache.get(question);
  if (!best) cache.set(question, (best = pageScores(index, v)));
  return { ok: true, id: encoder.id, view: { scores: new Map(index.urls.map((u, i) => [u, best[i]])) } };
}

/**
 * At server start, so no visitor pays for it: the build's vectors, the classifier (whose
 * first question would otherwise load and compile it), and the encoder, loaded and warmed by
 * embedding questions in its worker. Resolves with one line for the log once all of it is
 * warm ("…; warm: …" when the encoder will answer), or saying why the encoder will not be used.
 */
export async function warmEncoder(dir: string = path.dirname(siteFile(VECTORS_FILE)), e: EncoderEnv = env()): Promise<string> {
  const started = performance.now();
  const [index, classifier] = await Promise.all([loadVectorIndex(dir), loadEmbeddedModel(dir).catch(() => null)]);
  // The classifier's and the unit scan's code run cold only once, here.
  for (const q of WARM_QUESTIONS) {
    classifier?.spelled(q);
    classifier?.rankWithSignals(q);
  }
  const said = encoderState(index, e);
  const encoder = questionEncoder(e);
  if (!said.usable || !encoder || !index) return said.message;
  // The centroid cosines' lengths (tens of ms), once at start for an endpoint's site too.
  pageSumNorms(index);
  let warmed: WarmUp | null;
  try {
    warmed = await encoder.ready;
  } catch {
    return `/ask encoder: ${encoder.status() ?? "failed to load"}; /ask ranks without it`;
  }
  if (!warmed) return said.message;
  const zero = new Float32Array(index.dim);
  for (let i = 0; i < 20; i++) pageScores(index, zero);
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return `${said.message}; warm: ${warmed.embeddings} embeddings in ${s(warmed.ms)} (the first ${warmed.first} ms, the last ${warmed.last} ms), all of /ask warm ${s(performance.now() - started)} after start`;
}

/** Asked of the classifier at start (never cached as a visitor's). */
const WARM_QUESTIONS = ["how do I keep an old motorcycle running in winter", "espresso", "can I book a chat"];

/** Whether the build's vectors and this server's encoder go together, and a sentence saying so (start, `npm run doctor`). */
export function encoderState(
  index: Pick<VectorIndex, "encoder" | "dim" | "scales"> | null,
  e: EncoderEnv = env(),
): { usable: boolean; message: string } {
  const id = configuredEncoderId(e);
  if (!id) return { usable: false, message: "/ask encoder: off (ASK_ENCODER=off); /ask ranks with the classifier and BM25" };
  if (!index)
    return { usable: false, message: "/ask encoder: the build made no vectors (build with the encoder on); /ask ranks without it" };
  if (!sameEncoder(index, id))
    return {
      usable: false,
      message: `/ask encoder: the build's vectors come from ${index.encoder}, this server embeds with ${id}; the two are never mixed, so /ask ranks without the encoder until the site is rebuilt with this one`,
    };
  return { usable: true, message: `/ask encoder: ${id}, ${index.scales.length} units of ${index.dim} dimensions` };
}

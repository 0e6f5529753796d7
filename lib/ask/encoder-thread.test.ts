import { afterEach, describe, expect, it } from "vitest";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { EncoderThread, MAX_WAITING, type BatchTiming } from "./encoder-thread";
import { EncoderFailed } from "./encoder";

/**
 * The real worker thread, queue and deadlines, with a stand-in encoder module
 * (tests/fixtures/test-encoder.cjs) that can be made slow or failing.
 */
const MODULE = path.resolve(import.meta.dirname, "../../tests/fixtures/test-encoder.cjs");
const threads: EncoderThread[] = [];
const start = (
  moduleOptions: Record<string, unknown>,
  maxBatch?: number,
  onLate?: (t: string, v: Float32Array) => void,
  warm?: { rounds: number; texts: string[] },
) => {
  const t = new EncoderThread({ module: MODULE, moduleOptions, maxBatch, onLate, warm });
  threads.push(t);
  return t;
};
afterEach(async () => {
  await Promise.all(threads.splice(0).map((t) => t.close()));
});
const reason = (p: Promise<unknown>) =>
  p.then(
    () => "resolved",
    (e: unknown) => (e instanceof EncoderFailed ? e.reason : String(e)),
  );

describe("the encoder's worker thread", () => {
  it("embeds in the worker and answers unit vectors", async () => {
    const t = start({ dim: 8 });
    await t.ready;
    const v = await t.embed("how do I sync carbs", 5000);
    expect(v).toBeInstanceOf(Float32Array);
    expect(v.length).toBe(8);
    expect(Math.hypot(...v)).toBeCloseTo(1, 5);
  });

  it("gives up at the deadline while the worker is still busy, and hands the late vector on", async () => {
    const late: string[] = [];
    const t = start({ delayMs: 400 }, 8, (text) => late.push(text));
    await t.ready;
    const started = performance.now();
    expect(await reason(t.embed("a slow question", 50))).toBe("timeout");
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(45);
    expect(waited).toBeLessThan(300);
    // The main thread was free meanwhile; the vector still arrives for the cache.
    await expect.poll(() => late, { timeout: 3000 }).toEqual(["a slow question"]);
  });

  it("answers with a vector that arrived while this thread was busy past the deadline", async () => {
    // The first question's request runs the classifier cold while the worker embeds: the
    // vector is there before the deadline, but this thread reads it after.
    const embedded = new SharedArrayBuffer(4);
    const t = start({ embedded });
    await t.ready;
    // As a request does: from the event loop (here its check phase), not from inside the
    // callback that delivered `ready`, where Node would read the port's later messages too.
    await new Promise((r) => setImmediate(r));
    const answer = reason(t.embed("asked while this thread is busy", 50));
    const started = performance.now();
    const count = new Int32Array(embedded);
    // Busy until the worker has made the vector and the deadline has passed, as a cold request is.
    while (Atomics.load(count, 0) === 0 || performance.now() - started < 150);
    expect(await answer).toBe("resolved");
  });

  it("warms with question-like texts before it says it is ready, and says what warming cost", async () => {
    const embedded = new SharedArrayBuffer(4);
    const t = start({ embedded }, 2, undefined, { rounds: 2, texts: ["one", "two words", "a question of five words"] });
    const warmed = await t.ready;
    // Two rounds of three, one at a time, then one full batch (two).
    expect(Atomics.load(new Int32Array(embedded), 0)).toBe(8);
    expect(warmed.embeddings).toBe(7);
    expect(warmed.ms).toBeGreaterThanOrEqual(0);
  });

  it("refuses a question at once when a full batch already waits (busy), rather than queue it past its deadline", async () => {
    // Room for more waiting questions than MAX_WAITING, so that the full batch is what refuses.
    const t = new EncoderThread({ module: MODULE, moduleOptions: { delayMs: 200 }, maxBatch: 2, maxWaiting: 10 });
    threads.push(t);
    await t.ready;
    const first = t.embed("one", 2000);
    const queued = [t.embed("two", 2000), t.embed("three", 2000)];
    expect(await reason(t.embed("four", 2000))).toBe("busy");
    expect(await reason(first)).toBe("resolved");
    // The two that waited went together in one batch.
    expect(await Promise.all(queued.map(reason))).toEqual(["resolved", "resolved"]);
  });

  it("makes a flood's batches only as large as the deadline allows", async () => {
    // 100 ms a batch and 100 ms a question: warmed one at a time (200 ms each), then eight
    // questions at once with an 800 ms deadline. A batch of all the waiting ones (the earlier
    // rule) would take 800 ms after the first: every one of them late. Sized to the deadline,
    // the batch after the first holds three (one or two if this machine slowed the warm-up).
    const t = start({ delayMs: 100, perTextMs: 100 }, 8, undefined, { rounds: 1, texts: ["a", "b", "c"] });
    await t.ready;
    const flood = await Promise.all(Array.from({ length: 8 }, (_, i) => reason(t.embed(`question ${i}`, 800))));
    expect(flood).not.toContain("timeout");
    expect(flood.filter((r) => r === "resolved").length).toBeGreaterThanOrEqual(2);
    expect(flood).toContain("busy");
  });

  it("lets at most MAX_WAITING questions wait at once, however long the deadline: a flood's other requests answer without waiting", async () => {
    expect(MAX_WAITING).toBe(2);
    const t = start({ delayMs: 50 }, 8);
    await t.ready;
    // Well within a 5 s deadline, the worker could take all eight; two wait, six are busy at once.
    const flood = await Promise.all(Array.from({ length: 8 }, (_, i) => reason(t.embed(`question ${i}`, 5000))));
    expect(flood.filter((r) => r === "resolved")).toHaveLength(2);
    expect(flood.filter((r) => r === "busy")).toHaveLength(6);
    // Once they are answered, the next question is taken again.
    expect(await reason(t.embed("after the flood", 5000))).toBe("resolved");
  });

  it("stops feeding a worker slower than any deadline, trying it once a second", async () => {
    const late: string[] = [];
    const t = start({ delayMs: 300 }, 8, (text) => late.push(text));
    await t.ready;
    expect(await reason(t.embed("first", 100))).toBe("timeout");
    // Once a batch has taken 300 ms, a 100 ms deadline cannot be met: one probe, then refused at once.
    await expect.poll(() => late.length, { timeout: 3000 }).toBe(1);
    expect(await reason(t.embed("probe", 100))).toBe("timeout");
    const started = performance.now();
    expect(await reason(t.embed("refused", 100))).toBe("busy");
    expect(performance.now() - started).toBeLessThan(50);
  });

  it("times each batch on the clock both threads share when a benchmark asks (onBatch)", async () => {
    const batches: BatchTiming[] = [];
    const t = new EncoderThread({ module: MODULE, moduleOptions: { delayMs: 40 }, onBatch: (b) => batches.push(b) });
    threads.push(t);
    await t.ready;
    await t.embed("a timed question", 5000);
    expect(batches).toHaveLength(1);
    const [b] = batches;
    const w = b.worker!;
    // In order: sent, received by the worker, embedded, read back here; the embedding is the worker's 40 ms.
    expect(w.received).toBeGreaterThanOrEqual(b.sent - 1);
    expect(w.start).toBeGreaterThanOrEqual(w.received);
    expect(w.end - w.start).toBeGreaterThanOrEqual(39);
    expect(w.end - w.start).toBeCloseTo(b.workerMs, 0);
    expect(b.read).toBeGreaterThanOrEqual(w.end - 1);
    expect(b.read - b.sent).toBeCloseTo(b.totalMs, 0);
    expect(Array.isArray(w.gc)).toBe(true);
  });

  it("fails the batch an embedding throws on, and keeps serving", async () => {
    const t = start({});
    await t.ready;
    expect(await reason(t.embed("explode", 2000))).toBe("error");
    expect(await reason(t.embed("fine", 2000))).toBe("resolved");
  });

  it("keeps its process alive while it loads or embeds, never while it idles", () => {
    // A script that never closes the thread: it must get its vector and then exit by itself.
    const dir = mkdtempSync(path.join(tmpdir(), "encoder-thread-"));
    const script = path.join(dir, "run.mts");
    writeFileSync(
      script,
      `import { EncoderThread } from ${JSON.stringify(path.resolve(import.meta.dirname, "encoder-thread.ts"))};
const t = new EncoderThread({ module: ${JSON.stringify(MODULE)}, moduleOptions: { delayMs: 100 } });
await t.ready;
console.log((await t.embed("a question", 10000)).length);`,
    );
    const tsx = path.resolve(import.meta.dirname, "../../node_modules/.bin/tsx");
    const run = spawnSync(tsx, [script], { encoding: "utf8", timeout: 60_000 });
    rmSync(dir, { recursive: true, force: true });
    expect(run.stdout.trim()).toBe("8");
    expect(run.status).toBe(0);
  });

  it("says why when the model cannot load", async () => {
    const t = start({ failLoad: true });
    await expect(t.ready).rejects.toThrow(/no weights here/);
    expect(t.status).toMatch(/failed to load/);
    expect(await reason(t.embed("anything", 1000))).toBe("error");
  });
});

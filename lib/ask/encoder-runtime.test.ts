import { beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { USE_LITE_ID, VECTORS_FILE, buildVectorIndex, encodeVectorFile } from "./encoder";
import { encoderScores, loadVectorIndex, questionEncoder } from "./encoder-runtime";

/**
 * The request thread's order with the real USE-lite worker: the question reaches the worker
 * before encoderScores first waits, so the classifier the caller runs next (here a busy loop
 * standing for it) overlaps the embedding instead of preceding it.
 */
const ENV = { ASK_ENCODER: "on", ASK_EMBED_TIMEOUT_MS: 20_000 } as const;
const unit = (seed: number) => Float32Array.from({ length: 512 }, (_, i) => Math.sin(seed * 7 + i) / 16);

describe("encoderScores with USE-lite in its worker", () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "ask-runtime-"));
    const index = buildVectorIndex(USE_LITE_ID, [
      { url: "/a", vectors: [unit(1), unit(2)] },
      { url: "/b", vectors: [unit(3)] },
    ]);
    writeFileSync(path.join(dir, VECTORS_FILE), encodeVectorFile(index));
    await loadVectorIndex(dir);
    await questionEncoder(ENV)!.ready;
  }, 120_000);

  it("starts the embedding before it returns, so the caller's work overlaps it", async () => {
    const question = "which lens and settings did you use for the photos of the harbour at night, and would you recommend them";
    // A full round trip for a question of that length, nothing overlapping it.
    const started = performance.now();
    expect((await encoderScores(`${question} first`, dir, ENV)).ok).toBe(true);
    const alone = performance.now() - started;
    // The same length again, with this thread busy for longer than any embedding right after asking.
    const pending = encoderScores(`${question} second`, dir, ENV);
    const busy = performance.now();
    while (performance.now() - busy < Math.max(500, 4 * alone));
    const after = performance.now();
    const got = await pending;
    expect(got.ok).toBe(true);
    // The vector was made while this thread was busy: what is left is reading it and a two-unit scan.
    expect(performance.now() - after).toBeLessThan(alone / 2);
  }, 60_000);
});

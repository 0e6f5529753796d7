import { beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { USE_LITE_ID, VECTORS_FILE, buildVectorIndex, encodeVectorFile } from "./encoder";
import { encoderScores, loadVectorIndex, questionEncoder } from "./encoder-runtime";

/**
 * The request thread's order with the real USE-lite worker: the question reaches the worker
 * before encoderScores first waits, so the classifier the caller runs next overlaps the
 * embedding instead of preceding it.
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

  it("asks the worker before it returns, so the caller's classifier overlaps the embedding", async () => {
    const question = "which lens and settings did you use for the photos of the harbour at night";
    const encoder = questionEncoder(ENV)!;
    const embed = encoder.embed;
    const asked: string[] = [];
    // The real encoder; only the moment it is asked is recorded.
    encoder.embed = (text) => (asked.push(text), embed(text));
    try {
      const pending = encoderScores(question, dir, ENV);
      // Nothing awaited yet: this is where rank.ts runs the classifier.
      expect(asked).toEqual([question]);
      const got = await pending;
      expect(got.ok).toBe(true);
      // The same scores as a question asked with nothing overlapping it (its vector is cached by then).
      const again = await encoderScores(question, dir, ENV);
      expect(again.ok && got.ok && [...again.view.scores]).toEqual(got.ok && [...got.view.scores]);
    } finally {
      encoder.embed = embed;
    }
  }, 60_000);
});

import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIDENCE_FILE, abstains, chooseThreshold, confidence, features, fitLogistic, loadConfidence, probability } from "./confidence";

describe("fitLogistic", () => {
  it("learns a separating direction, whatever the class counts", () => {
    // y = 1 when the second feature is high; ten times as many negatives as positives.
    const samples = [
      ...Array.from({ length: 10 }, (_, i) => ({ x: [1, 0.8 + i / 100], y: 1 as const })),
      ...Array.from({ length: 100 }, (_, i) => ({ x: [1, (i % 50) / 100], y: 0 as const })),
    ];
    const w = fitLogistic(samples);
    expect(w[1]).toBeGreaterThan(0);
    expect(probability(w, [1, 0.9])).toBeGreaterThan(0.5);
    expect(probability(w, [1, 0.1])).toBeLessThan(0.5);
  });

  it("stays at zero (probability ½) when one class is missing", () => {
    expect(fitLogistic([{ x: [1, 2], y: 1 }])).toEqual([0, 0]);
  });
});

describe("chooseThreshold", () => {
  it("keeps all but the allowed share of right answers", () => {
    const right = Array.from({ length: 100 }, (_, i) => i / 100);
    const t = chooseThreshold(right, 0.05);
    expect(right.filter((p) => p < t)).toHaveLength(5);
    expect(chooseThreshold([], 0.05)).toBe(0);
  });
});

describe("confidence", () => {
  const model = { weights: [-2, 1, 0, 1, 1, 1], threshold: 0.3 };
  it("rises with the ranker's probability and with what the site knows of the question", () => {
    const s = { coverage: 0.5, found: 0.5, known: 0.5, familiar: 0.5 };
    expect(confidence(model, 0.9, s)).toBeGreaterThan(confidence(model, 0.2, s));
    expect(confidence(model, 0.5, { ...s, known: 1, found: 1 })).toBeGreaterThan(confidence(model, 0.5, s));
  });

  it("is finite at the ends of the probability range", () => {
    for (const p of [0, 1, Number.MIN_VALUE])
      expect(Number.isFinite(features(p, { coverage: 0, found: 0, known: 0, familiar: 0 })[1])).toBe(true);
  });

  it("abstains below the threshold only", () => {
    expect(abstains(model, 0.29)).toBe(true);
    expect(abstains(model, 0.3)).toBe(false);
  });
});

describe("loadConfidence", () => {
  const write = async (model: unknown) => {
    const dir = await mkdtemp(path.join(tmpdir(), "ask-confidence-load-"));
    await writeFile(path.join(dir, CONFIDENCE_FILE), JSON.stringify(model));
    return dir;
  };
  const fitted = { answerable: 1, offTopic: 1, abstainAnswerable: 0, abstainOffTopic: 0 };
  const plain = features(0.5, { coverage: 0, found: 0, known: 0, familiar: 0 }).length;

  it("loads a fit over today's features, and refuses one over another vector rather than misread it", async () => {
    const dirs = await Promise.all([
      write({ version: 1, weights: new Array(plain).fill(0.1), threshold: 0.1, fitted }),
      // A fit over one feature more (as the harness's `own` candidate was): read as today's, every weight after the first would be misplaced or ignored.
      write({ version: 1, weights: new Array(plain + 1).fill(0.1), threshold: 0.1, fitted }),
      // Today's plain weights with an encoder set over the old vector: the encoder set alone is dropped.
      write({
        version: 1,
        weights: new Array(plain).fill(0.1),
        threshold: 0.1,
        fitted,
        encoder: { weights: new Array(plain + 2).fill(0.1), threshold: 0.1, fitted },
      }),
    ]);
    try {
      const [today, old, mixed] = await Promise.all(dirs.map((d) => loadConfidence(d)));
      expect(today?.weights).toHaveLength(plain);
      expect(old).toBeNull();
      expect(mixed?.weights).toHaveLength(plain);
      expect(mixed?.encoder).toBeUndefined();
    } finally {
      await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
    }
  });
});

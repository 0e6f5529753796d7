import { describe, expect, it } from "vitest";
import { buildVectorIndex, normalizeVector } from "./encoder";
import { HEAD, headLogProbs, indexExamples, pageCentroids, trainHead } from "./head";

const rand = (seed: number) => () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) * 2 - 1;

/** Pages whose units scatter around a direction of their own, plus questions drawn the same way. */
function clusters(pages: number, perPage: number, dim: number, spread: number, seed: number) {
  const r = rand(seed);
  const centres = Array.from({ length: pages }, () => normalizeVector(Array.from({ length: dim }, r)));
  const around = (p: number) => normalizeVector(centres[p].map((c) => c + spread * r()));
  return {
    centres,
    around,
    pages: centres.map((_, p) => ({ url: `/p${p}`, vectors: Array.from({ length: perPage }, () => around(p)) })),
  };
}

describe("the encoder's learned head", () => {
  it("learns to tell pages apart from their units, and ranks new questions near them first", () => {
    const { pages, around } = clusters(6, 8, 32, 0.3, 11);
    const index = buildVectorIndex("test", pages);
    const { x, labels } = indexExamples(index);
    const head = trainHead(x, labels, index.urls.length, index.dim, { ...HEAD, steps: 60 });
    let right = 0;
    for (let p = 0; p < 6; p++)
      for (let i = 0; i < 10; i++) {
        const lp = headLogProbs(head, around(p));
        if (lp.indexOf(Math.max(...lp)) === p) right++;
      }
    expect(right).toBeGreaterThanOrEqual(55);
  });

  it("fits its training units better than the centroids it starts from", () => {
    const { pages } = clusters(5, 10, 16, 1.2, 5);
    const index = buildVectorIndex("test", pages);
    const { x, labels } = indexExamples(index);
    const loss = (steps: number) => {
      const head = trainHead(x, labels, 5, 16, { ...HEAD, steps });
      let nll = 0;
      for (let i = 0; i < labels.length; i++) nll -= headLogProbs(head, x.subarray(i * 16, (i + 1) * 16))[labels[i]];
      return nll / labels.length;
    };
    expect(loss(80)).toBeLessThan(loss(0) * 0.8);
  });

  it("is deterministic and gives log-probabilities that sum to one", () => {
    const { pages, around } = clusters(4, 5, 8, 0.5, 3);
    const index = buildVectorIndex("test", pages);
    const { x, labels } = indexExamples(index);
    const a = trainHead(x, labels, 4, 8, { ...HEAD, steps: 20 });
    const b = trainHead(x, labels, 4, 8, { ...HEAD, steps: 20 });
    expect([...a.weights]).toEqual([...b.weights]);
    const lp = headLogProbs(a, around(2));
    expect(lp.reduce((s, l) => s + Math.exp(l), 0)).toBeCloseTo(1, 5);
    expect(() => headLogProbs(a, new Float32Array(9))).toThrow(/9 dimensions/);
    expect(() => trainHead(x.subarray(1), labels, 4, 8)).toThrow(/values/);
  });

  it("makes each page's centroid the normalized mean of its units", () => {
    const index = buildVectorIndex("test", [
      { url: "/a", vectors: [normalizeVector([1, 0]), normalizeVector([0, 1])] },
      { url: "/b", vectors: [normalizeVector([-1, 0])] },
      { url: "/c", vectors: [] },
    ]);
    const c = pageCentroids(index);
    expect(c[0]).toBeCloseTo(Math.SQRT1_2, 2);
    expect(c[1]).toBeCloseTo(Math.SQRT1_2, 2);
    expect(c[2]).toBeCloseTo(-1, 2);
    expect([c[4], c[5]]).toEqual([0, 0]);
  });
});

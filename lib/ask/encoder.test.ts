import { describe, expect, it } from "vitest";
import {
  bodyPassages,
  buildVectorIndex,
  decodeVectorFile,
  dequantize,
  encodeVectorFile,
  encoderUnits,
  normalizeVector,
  pageScores,
  PAGE_SCORE_BODY,
  PAGE_SCORE_CENTROID,
  PAGE_SCORE_UNITS,
  pageSumNorms,
  quantize,
  sameEncoder,
  typedEncoderUnits,
} from "./encoder";
import { Lru } from "./encoder-runtime";
import { pageCentroids } from "./head";
import { encoderSignals, fuse, fuseRanks } from "./fusion";
import type { Doc } from "@/lib/content/types";

const rand = (seed: number) => () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32) * 2 - 1;
const vec = (r: () => number, dim = 64) => normalizeVector(Array.from({ length: dim }, r));
const cos = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i], 0);

describe("quantization", () => {
  it("keeps cosines within a hundredth", () => {
    const r = rand(7);
    for (let i = 0; i < 50; i++) {
      const a = vec(r);
      const b = vec(r);
      const { q, scale } = quantize(b);
      expect(q.every((x) => Math.abs(x) <= 127)).toBe(true);
      expect(Math.abs(cos(a, dequantize(q, scale)) - cos(a, b))).toBeLessThan(0.01);
    }
  });

  it("quantizes a zero vector to zeros", () => {
    const { q } = quantize(new Float32Array(4));
    expect([...q]).toEqual([0, 0, 0, 0]);
  });
});

describe("the vectors file", () => {
  const r = rand(3);
  const pages = [
    { url: "/a", vectors: [vec(r), vec(r)] },
    { url: "/b", vectors: [vec(r)] },
    { url: "/c", vectors: [] },
  ];
  const index = buildVectorIndex("use-lite:test", pages, 12);

  it("round-trips the encoder, dimension, pages and vectors", () => {
    const back = decodeVectorFile(encodeVectorFile(index))!;
    expect(back).toMatchObject({ encoder: "use-lite:test", dim: 64, urls: ["/a", "/b", "/c"], bank: 12 });
    expect([...back.unitPage]).toEqual([0, 0, 1]);
    expect([...back.data]).toEqual([...index.data]);
    expect([...back.scales]).toEqual([...index.scales]);
  });

  it("reads as nothing when damaged, truncated or not one", () => {
    const file = encodeVectorFile(index);
    expect(decodeVectorFile(file.subarray(0, file.length - 1))).toBeNull();
    expect(decodeVectorFile(Buffer.from("not a vectors file"))).toBeNull();
    const other = Buffer.from(file);
    other.write("XXXX", 0, "latin1");
    expect(decodeVectorFile(other)).toBeNull();
  });

  it("scores a page by the mean of its best units (those it has), and a page without units lowest", () => {
    const q = pages[0].vectors[1];
    const best = pageScores(index, q, 1, 0);
    expect(best[0]).toBeGreaterThan(0.99);
    expect(best[1]).toBeCloseTo(cos(q, pages[1].vectors[0]), 1);
    expect(best[2]).toBe(-1);
    // /a's two units: the mean of both, whether one, two or three are asked for beyond the first.
    const two = (cos(q, pages[0].vectors[0]) + cos(q, pages[0].vectors[1])) / 2;
    expect(pageScores(index, q, 2, 0)[0]).toBeCloseTo(two, 1);
    expect(pageScores(index, q, 3, 0)[0]).toBeCloseTo(two, 1);
    expect(pageScores(index, q, 3, 0)[1]).toBeCloseTo(best[1], 5);
    expect(pageScores(index, q)).toEqual(pageScores(index, q, PAGE_SCORE_UNITS, PAGE_SCORE_CENTROID));
    expect(() => pageScores(index, new Float32Array(3))).toThrow(/dimensions/);
  });

  it("averages a page's best units whatever their order in the file", () => {
    const r2 = rand(11);
    const q = vec(r2);
    const units = Array.from({ length: 7 }, () => vec(r2));
    const sorted = units.map((u) => cos(q, u)).sort((a, b) => b - a);
    for (const order of [units, [...units].reverse()]) {
      const s = pageScores(buildVectorIndex("t", [{ url: "/x", vectors: order }]), q, 3, 0);
      expect(s[0]).toBeCloseTo((sorted[0] + sorted[1] + sorted[2]) / 3, 2);
    }
  });

  it("mixes in the cosine with each page's centroid, the normalized mean of its units", () => {
    const r2 = rand(23);
    const q = vec(r2);
    const units = [Array.from({ length: 5 }, () => vec(r2)), Array.from({ length: 2 }, () => vec(r2))];
    const idx = buildVectorIndex("t", [...units.map((vectors, i) => ({ url: `/p${i}`, vectors })), { url: "/none", vectors: [] }]);
    const centroids = pageCentroids(idx);
    const dim = idx.dim;
    const whole = [0, 1].map((p) => cos(q, centroids.subarray(p * dim, (p + 1) * dim)));
    const top = pageScores(idx, q, 3, 0);
    expect([...pageScores(idx, q, 3, 1)].slice(0, 2).map((x) => +x.toFixed(4))).toEqual(whole.map((x) => +x.toFixed(4)));
    const mixed = pageScores(idx, q, 3, 0.5);
    for (const p of [0, 1]) expect(mixed[p]).toBeCloseTo(0.5 * top[p] + 0.5 * whole[p], 4);
    // A page without units stays lowest, whatever the mixture.
    expect(mixed[2]).toBe(-1);
    // The lengths the centroid cosine divides by are computed once per index.
    expect(pageSumNorms(idx)).toBe(pageSumNorms(idx));
  });

  it("keeps the body channel's passages in a second section, apart from the units", () => {
    const r2 = rand(31);
    const withBody = buildVectorIndex("use-lite:test", [
      { ...pages[0], body: [vec(r2), vec(r2)] },
      { ...pages[1], body: [] },
      { ...pages[2], body: [vec(r2)] },
    ]);
    expect([...withBody.data]).toEqual([...index.data]);
    const back = decodeVectorFile(encodeVectorFile(withBody))!;
    expect([...back.body!.unitPage]).toEqual([0, 0, 2]);
    expect([...back.body!.data]).toEqual([...withBody.body!.data]);
    expect([...back.body!.scales]).toEqual([...withBody.body!.scales]);
    expect([...back.data]).toEqual([...index.data]);
    // A file without passages has no body section; a cut one reads as nothing.
    expect(decodeVectorFile(encodeVectorFile(index))!.body).toBeUndefined();
    const file = encodeVectorFile(withBody);
    expect(decodeVectorFile(file.subarray(0, file.length - 64))).toBeNull();
  });

  it("adds the page's best body passage to its score, and a page with no passage its own score", () => {
    const r2 = rand(41);
    const q = vec(r2);
    const units = [Array.from({ length: 4 }, () => vec(r2)), Array.from({ length: 3 }, () => vec(r2)), []];
    const passages = [Array.from({ length: 5 }, () => vec(r2)), [], [vec(r2)]];
    const plain = buildVectorIndex(
      "t",
      units.map((vectors, i) => ({ url: `/p${i}`, vectors })),
    );
    const both = buildVectorIndex(
      "t",
      units.map((vectors, i) => ({ url: `/p${i}`, vectors, body: passages[i] })),
    );
    const before = pageScores(plain, q);
    // The passages never enter the best units or the centroid.
    expect([...pageScores(both, q, PAGE_SCORE_UNITS, PAGE_SCORE_CENTROID, 0)]).toEqual([...before]);
    // An index with no passage at all scores as before the channel.
    expect([...pageScores(plain, q, PAGE_SCORE_UNITS, PAGE_SCORE_CENTROID, 0.3)]).toEqual([...before]);
    const after = pageScores(both, q);
    const bestPassage = Math.max(...passages[0].map((v) => cos(q, v)));
    expect(after[0]).toBeCloseTo(before[0] + PAGE_SCORE_BODY * bestPassage, 2);
    expect(after[1]).toBeCloseTo(before[1] * (1 + PAGE_SCORE_BODY), 5);
    // A page with passages but no unit stays lowest.
    expect(after[2]).toBe(-1);
  });

  it("tells encoders apart by identity and dimension", () => {
    expect(sameEncoder(index, "use-lite:test")).toBe(true);
    expect(sameEncoder(index, "endpoint:other")).toBe(false);
    expect(sameEncoder(index, "use-lite:test", 32)).toBe(false);
  });
});

describe("a page's units", () => {
  it("are its title, description, questions, bank lines, aliases and headings, once each", () => {
    const doc = {
      title: "Carb sync",
      description: "Balancing four carburetors",
      questions: ["how do I sync carbs"],
      bank: ["carbs out of balance", "How do I sync carbs"],
      aliases: ["carb sync"],
      headings: [{ text: "Tools", depth: 2, id: "tools" }],
    } as unknown as Doc;
    expect(encoderUnits(doc, { headings: true, lead: 0 })).toEqual([
      "Carb sync",
      "Balancing four carburetors",
      "how do I sync carbs",
      "carbs out of balance",
      "Tools",
    ]);
    expect(encoderUnits(doc, { headings: false, lead: 0 })).not.toContain("Tools");
    // Each unit's kind, for the harness's per-kind variants: the first kind a text came as.
    expect(typedEncoderUnits(doc, { headings: true, lead: 0 }).map((u) => u.kind)).toEqual([
      "title",
      "description",
      "question",
      "question",
      "heading",
    ]);
  });

  it("can include the title in question form, in the page's own words only (measured, not shipped)", () => {
    const doc = {
      title: "Carb sync.",
      description: "Balancing four carburetors",
      questions: [],
      aliases: [],
      headings: [],
    } as unknown as Doc;
    const units = encoderUnits(doc, { headings: true, lead: 0, titleQuestions: true });
    expect(units).toContain("what is carb sync?");
    expect(units).toContain("tell me about carb sync");
    expect(encoderUnits(doc, { headings: true, lead: 0 })).not.toContain("what is carb sync?");
    const words = (xs: string[]) => new Set(xs.flatMap((x) => x.toLowerCase().match(/[a-z]+/g) ?? []));
    const own = words([doc.title, doc.description]);
    const added = [...words(units)].filter((w) => !own.has(w));
    expect(added.sort()).toEqual(["about", "is", "me", "tell", "what"]);
  });

  it("can add the description's sentences and each section's first sentence (measured, not shipped)", () => {
    const doc = {
      title: "Carb sync",
      description: "Balancing four carburetors. It takes an afternoon and a vacuum gauge.",
      questions: [],
      aliases: [],
      headings: [{ text: "Tools", depth: 2, id: "tools" }],
      text: "Intro words here for the page.\n\nTools\n\nYou need a gauge set and a long screwdriver. Then more.\n\nLast paragraph of the page body.",
    } as unknown as Doc;
    const units = encoderUnits(doc, { headings: true, lead: 0, descriptionSentences: true, sectionLeads: true });
    expect(units).toContain("It takes an afternoon and a vacuum gauge.");
    expect(encoderUnits(doc)).not.toContain("You need a gauge set and a long screwdriver.");
    expect(units).toContain("You need a gauge set and a long screwdriver.");
    expect(units).not.toContain("Last paragraph of the page body.");
    expect(encoderUnits(doc, { headings: true, lead: 0, paragraphLeads: true })).toContain("Last paragraph of the page body.");
  });
});

describe("the body channel's passages", () => {
  it("are the body's paragraphs (their first three sentences), headings and short ones left out, once each", () => {
    const doc = {
      title: "Carb sync",
      description: "Balancing four carburetors",
      questions: [],
      aliases: [],
      headings: [{ text: "Tools", depth: 2, id: "tools" }],
      text: "Intro words here for the page.\n\nTools\n\nYou need a gauge set. And a long screwdriver. Then time. And patience too.\n\nToo short.\n\nIntro words here for the page.",
    } as unknown as Doc;
    expect(bodyPassages(doc, "paragraphs")).toEqual([
      "Intro words here for the page.",
      "You need a gauge set. And a long screwdriver. Then time.",
    ]);
    expect(bodyPassages(doc, "sections")).toEqual(["You need a gauge set."]);
    // Never units.
    expect(encoderUnits(doc)).not.toContain("Intro words here for the page.");
  });
});

describe("the question cache", () => {
  it("keeps the most recently used entries up to its bound", () => {
    const lru = new Lru<number>(2);
    lru.set("a", 1);
    lru.set("b", 2);
    lru.get("a");
    lru.set("c", 3);
    expect(lru.get("b")).toBeUndefined();
    expect(lru.get("a")).toBe(1);
    expect(lru.size).toBe(2);
  });
});

describe("fusion", () => {
  const classifier = ["/a", "/b", "/c", "/d", "/e"].map((url, i) => ({ url, p: [0.5, 0.2, 0.15, 0.1, 0.05][i] }));
  const encoder = new Map([
    ["/e", 0.9],
    ["/d", 0.8],
    ["/a", 0.3],
    ["/b", 0.2],
    ["/c", 0.1],
  ]);

  it("multiplies the classifier's probabilities by exp(γ · cosine): the encoder decides where the classifier hesitates", () => {
    const fused = fuse(classifier, encoder, { gamma: 20 });
    expect(fused.reduce((a, p) => a + p.p, 0)).toBeCloseTo(1, 9);
    // /e: 0.05 · e^18 against /a: 0.5 · e^6 — the encoder's clear favourite wins.
    expect(fused[0].url).toBe("/e");
    const ratio = fused.find((p) => p.url === "/e")!.p / fused.find((p) => p.url === "/a")!.p;
    expect(ratio).toBeCloseTo((0.05 / 0.5) * Math.exp(20 * 0.6), 3);
    // γ 0 is the classifier alone.
    expect(fuse(classifier, encoder, { gamma: 0 }).map((p) => p.url)).toEqual(classifier.map((p) => p.url));
  });

  it("reciprocal-rank fusion keeps the classifier's first page first and orders the rest by rank (measured, not shipped)", () => {
    const fused = fuseRanks(classifier, encoder, { k: 10, encoderWeight: 1, keepFirst: true });
    expect(fused[0].url).toBe("/a");
    // /e: 1/15 + 1/11 first; /b and /d tie at 1/12 + 1/14 and keep the classifier's order.
    expect(fused.map((p) => p.url)).toEqual(["/a", "/e", "/b", "/d", "/c"]);
    expect(fused.map((p) => p.p)).toEqual(classifier.map((p) => p.p));
  });

  it("says what the encoder thinks of the first page", () => {
    expect(encoderSignals(encoder, "/e")).toEqual({ best: 0.9, margin: expect.closeTo(0.1, 5), agree: 1 });
    expect(encoderSignals(encoder, "/a").agree).toBe(0);
  });
});

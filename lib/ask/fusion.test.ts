import { describe, expect, it } from "vitest";
import { ENCODER_FUSION, fuse } from "./fusion";

describe("the product of experts", () => {
  const classifier = [
    { url: "/a", p: 0.9 },
    { url: "/b", p: 0.1 },
  ];
  const first = (gap: number, gamma: number) =>
    fuse(
      classifier,
      new Map([
        ["/a", 0.5],
        ["/b", 0.5 + gap],
      ]),
      { gamma },
    )[0].url;

  it("lets a page the classifier doubts win on a cosine margin that outweighs its odds", () => {
    // The classifier's odds for /a are 9:1; e^(γ · gap) against 9 decides: at γ 40 the gap must exceed ln 9 / 40 ≈ 0.055.
    expect(first(0.05, 40)).toBe("/a");
    expect(first(0.06, 40)).toBe("/b");
  });

  it("as shipped, a page score ahead by four hundredths outweighs the classifier's 9:1, and three do not", () => {
    // ln 9 / 60 ≈ 0.037: the encoder's page scores (means of three units) decide close calls. The
    // classifier's odds are already tempered (FUSION.temperature), so its 9:1 is fastText's 81:1.
    expect(first(0.04, ENCODER_FUSION.gamma)).toBe("/b");
    expect(first(0.03, ENCODER_FUSION.gamma)).toBe("/a");
  });
});

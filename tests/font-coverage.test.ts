import { describe, expect, it } from "vitest";
import { covers, merged, undrawable, unicodeRanges } from "@/scripts/build/font-coverage";

describe("font coverage", () => {
  it("reads a CSS unicode-range into merged ranges", () => {
    const c = unicodeRanges("U+0000-007E, U+00A0-017F,U+4E00-9FFF,U+3000,U+007F,U+1F600-1F64F,x");
    expect(c).toEqual([
      [0x0, 0x7f],
      [0xa0, 0x17f],
      [0x3000, 0x3000],
      [0x4e00, 0x9fff],
      [0x1f600, 0x1f64f],
    ]);
    expect(covers(c, 0x41)).toBe(true);
    expect(covers(c, 0x9f)).toBe(false);
    expect(covers(c, 0x6771)).toBe(true);
    expect(covers(c, 0x1f6b2)).toBe(false);
    expect(
      merged([
        [5, 9],
        [0, 3],
        [4, 4],
        [20, 10],
      ]),
    ).toEqual([[0, 9]]);
  });

  it("names each character no font has once, and not the spaces, joiners and selectors that shape emoji", () => {
    const c = unicodeRanges("U+0020-007E,U+00E9,U+1F600-1F64F");
    expect(undrawable("Café 東京 東 😀\u200d😀\ufe0f 🚲", c)).toEqual(["東", "京", "🚲"]);
    expect(undrawable("Plain title", c)).toEqual([]);
  });
});

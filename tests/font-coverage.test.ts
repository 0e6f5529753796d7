import { describe, expect, it } from "vitest";
import { covers, installedCoverage, parseCharsets, undrawable } from "@/scripts/build/font-coverage";

describe("font coverage", () => {
  it("reads fontconfig's charsets into merged ranges", () => {
    const c = parseCharsets("20-7e a0-17f\n4e00-9fff 3000\n7f 1f600-1f64f x\n");
    expect(c).toEqual([
      [0x20, 0x7f],
      [0xa0, 0x17f],
      [0x3000, 0x3000],
      [0x4e00, 0x9fff],
      [0x1f600, 0x1f64f],
    ]);
    expect(covers(c, 0x41)).toBe(true);
    expect(covers(c, 0x9f)).toBe(false);
    expect(covers(c, 0x6771)).toBe(true);
    expect(covers(c, 0x1f6b2)).toBe(false);
  });

  it("names each character no font has once, and not the spaces, joiners and selectors that shape emoji", () => {
    const c = parseCharsets("20-7e e9 1f600-1f64f");
    expect(undrawable("Café 東京 東 😀\u200d😀\ufe0f 🚲", c)).toEqual(["東", "京", "🚲"]);
    expect(undrawable("Plain title", c)).toEqual([]);
  });

  it("asks the machine's own fonts (fc-list): Latin letters are drawn, a private-use plane character is not", async () => {
    const c = await installedCoverage();
    expect(c, "fc-list (Debian's fontconfig) is a test prerequisite").not.toBeNull();
    expect(undrawable("Share card", c!)).toEqual([]);
    expect(undrawable("\u{10fffd}", c!)).toEqual(["\u{10fffd}"]);
  });
});

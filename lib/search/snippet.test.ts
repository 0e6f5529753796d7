import { describe, expect, it } from "vitest";
import { firstWordStart, matchedSnippet } from "./snippet";

describe("firstWordStart", () => {
  it("finds the earliest word that starts with any term, not a term inside a word", () => {
    expect(firstWordStart("the carburettor and the car", ["car"])).toBe(4);
    expect(firstWordStart("scar tissue, then a car", ["car"])).toBe(20);
    expect(firstWordStart("a rate limit", ["limit", "rate"])).toBe(2);
    expect(firstWordStart("x-ray and ray", ["ray"])).toBe(2);
    expect(firstWordStart("nothing here", ["zzz", ""])).toBe(-1);
    expect(firstWordStart("", ["a"])).toBe(-1);
  });

  it("reads letters outside the basic plane as letters, and accents as part of a word", () => {
    // "𝐀" (U+1D400) is a letter: "𝐀b" is one word, so its "b" is no word start.
    expect(firstWordStart("𝐀b b", ["b"])).toBe(4);
    expect(firstWordStart("éclair and clair", ["clair"])).toBe(11);
    expect(firstWordStart("café", ["café"])).toBe(0);
  });

  it("gives the snippet the same place the first matching word is", () => {
    const text = `${"filler words here. ".repeat(30)}The espresso machine needs a new gasket.`;
    expect(matchedSnippet(text, ["gasket", "espresso"])).toMatch(/^….*espresso machine needs a new gasket\.$/);
    expect(matchedSnippet(text, ["zzz"])).toBeNull();
  });
});

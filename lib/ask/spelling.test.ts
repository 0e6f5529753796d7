import { describe, expect, it } from "vitest";
import { oneEditApart, spellingCorrector } from "./spelling";
import { normalizeQuery } from "./training-data";

describe("oneEditApart", () => {
  it("accepts one insert, delete, substitution or neighbour swap, and nothing more", () => {
    for (const [a, b] of [
      ["photographi", "photgraphi"],
      ["carburettor", "carburetor"],
      ["espresso", "espresso"],
      ["espresso", "expresso"],
      ["recip", "recpi"],
    ])
      expect(oneEditApart(a, b), `${a} ~ ${b}`).toBe(true);
    for (const [a, b] of [
      ["photographi", "fotografi"],
      ["recip", "repic"],
      ["grind", "grinder"],
    ])
      expect(oneEditApart(a, b), `${a} !~ ${b}`).toBe(false);
  });
});

describe("spellingCorrector", () => {
  const vocabulary = new Map([
    ["photographi", 40],
    ["carburettor", 12],
    ["grinder", 9],
    ["grind", 30],
    ["ground", 3],
    ["coffe", 60],
  ]);
  const correct = spellingCorrector(vocabulary);

  it("replaces a word one edit from a vocabulary word, the most used when several are", () => {
    expect(correct("photgraphi")).toBe("photographi");
    expect(correct("carburetor")).toBe("carburettor");
    expect(correct("grinde")).toBe("grind"); // grind (30) and grinder (9) are both one edit away
  });

  it("leaves known, short and distant words alone", () => {
    expect(correct("grinder")).toBeNull();
    expect(correct("cofe")).toBeNull(); // four letters: a guess, not a correction
    expect(correct("weather")).toBeNull();
  });

  it("reaches the question the model reads", () => {
    expect(normalizeQuery("best photgraphy settings for carburetors", vocabulary, undefined, correct)).toBe(
      "best photographi set carburettor",
    );
  });
});

import { describe, expect, it } from "vitest";
import { countWords } from "./dom";

describe("countWords", () => {
  it.each([
    ["", 0],
    ["one", 1],
    ["Low tide leaves small worlds behind.", 6],
    ["don't re-count snake_case or O’Brien", 5],
    ["Crème brûlée, 2026 — 12 anemones", 5],
    ["东京 and Zürich", 3],
    ["- -- ' ’", 0],
  ])("%j has %i words", (text, n) => {
    expect(countWords(text)).toBe(n);
  });
});

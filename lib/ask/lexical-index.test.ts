import { describe, expect, it } from "vitest";
import type { Doc } from "@/lib/content/types";
import { buildLexicon, lexicalIndex } from "./lexical-index";
import { normalize } from "./training-data";

const doc = (url: string, title: string, text: string) =>
  ({ url, title, text, description: "", headings: [], questions: [], aliases: [], tags: [] }) as unknown as Doc;

const docs = [
  doc("/a", "Winter motorcycle storage", "Fill the tank and stabilize the fuel. Take the battery home."),
  doc("/b", "Espresso machine descaling", "Citric acid dissolves the scale in the boiler."),
  doc("/c", "Rate limits", "A budget per caller and a clear answer when it runs out."),
];
const index = lexicalIndex(JSON.parse(JSON.stringify(buildLexicon(docs))));
const terms = (q: string) => normalize(q).split(" ").filter(Boolean);

describe("the lexical index", () => {
  it("scores the page that holds the question's words highest, on stems", () => {
    const { scores, coverage } = index.score(terms("stabilizing fuel for motorcycles in winter"));
    expect(index.urls[scores.indexOf(Math.max(...scores))]).toBe("/a");
    expect(coverage).toBe(1);
  });

  it("reports low coverage when the best page holds few of the question's words", () => {
    expect(index.score(terms("boiler telescope chandelier")).coverage).toBeLessThan(0.5);
    expect(index.score(terms("zzzz")).coverage).toBe(0);
    expect(index.score([]).coverage).toBe(0);
  });
});

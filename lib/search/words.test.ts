import { describe, expect, it } from "vitest";
import { STOPWORDS, queryTerms } from "./engine";
import { highlight, termMatches, termsOf } from "./words";

const marked = (text: string, q: string) =>
  highlight(text, termsOf(q, STOPWORDS))
    .filter((r) => r.mark)
    .map((r) => r.text);

describe("the words a result is marked for", () => {
  it("are the query's terms as the engine reads them: stopwords dropped, at most 12", () => {
    expect(termsOf("How do I descale the Gaggia?", STOPWORDS)).toEqual(queryTerms("How do I descale the Gaggia?"));
    expect(termsOf("the and of", STOPWORDS)).toEqual([]);
  });

  it("mark a word the term is, starts (4+ letters) or is a typo away from (5+), nothing else", () => {
    expect(marked("Descaling the Gaggia Classic: the OPV spring.", "gaggia descale")).toEqual(["Gaggia"]);
    expect(marked("Carburetors, a carburettor and a carb.", "carburetor")).toEqual(["Carburetors", "carburettor"]);
    expect(marked("Rate limits for humans; limited rates.", "limit")).toEqual(["limits", "limited"]);
    expect(marked("a cat, a catalogue", "cat")).toEqual(["cat"]);
    expect(marked("The end of the line", "the end")).toEqual(["end"]);
    expect(termMatches("海藻の森", "海藻")).toBe(true);
  });

  it("keep every character of the text, in order", () => {
    const text = "“Gaggia” — the Gaggia's group gasket.";
    const runs = highlight(text, ["gaggia"]);
    expect(runs.map((r) => r.text).join("")).toBe(text);
    expect(runs.filter((r) => r.mark).map((r) => r.text)).toEqual(["Gaggia", "Gaggia's"]);
    expect(highlight(text, [])).toEqual([{ text }]);
  });
});

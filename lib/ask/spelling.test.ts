import { describe, expect, it } from "vitest";
import { asSpellingLexicon, englishWords, oneEditApart, spellingCorrector, spellingLexicon, typedSpelling } from "./spelling";
import { droppedWords, normalize, normalizeQuery, words } from "./training-data";

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

describe("typedSpelling", () => {
  // A site that says these words; English has every real word of the questions below.
  const text =
    "Which records has she been listening to this week? Every night she takes a break from the bench. " +
    "The theme suits them. I like the phone, 200 of them.";
  const stems = new Map<string, number>();
  for (const w of normalize(text).split(" ")) stems.set(w, (stems.get(w) ?? 0) + 1);
  const english = new Set(["which", "records", "listening", "night", "break", "bread", "bench", "beach", "flights", "lights", "takes"]);
  const lexicon = spellingLexicon(words(text), droppedWords(), stems, english, (w) => normalize(w));
  const typed = typedSpelling(lexicon);
  const correct = spellingCorrector(stems);
  const read = (q: string, withTyped = true) => normalizeQuery(q, stems, undefined, correct, withTyped ? typed : undefined);

  it("corrects a word as typed, where the stemmed form is out of reach", () => {
    expect(typed.correct("listenig")).toBe("listening"); // stems to itself, four edits from "listen"
    expect(typed.correct("nght")).toBe("night"); // four letters
    expect(typed.correct("whih")).toBe("which"); // a stopword once corrected
    expect(read("whih records has she been listenig to")).toBe(read("which records has she been listening to"));
    expect(read("whih records has she been listenig to", false)).not.toBe(read("which records has she been listening to"));
  });

  it("never takes an English word the site does not use for a misspelt site word", () => {
    expect(lexicon.english).toEqual(expect.arrayContaining(["bread", "beach"]));
    expect(lexicon.english).not.toContain("break"); // the site's own word
    expect(typed.isWord("bread")).toBe(true);
    expect(typed.correct("bread")).toBeNull();
    // The stem corrector alone turns "bread" into "break": the typed layer stops it.
    expect(read("sourdough bread", false)).toBe("sourdough break");
    expect(read("sourdough bread")).toBe("sourdough bread");
  });

  it("leaves the site's own words and distant words alone", () => {
    expect(typed.correct("records")).toBeNull();
    expect(typed.correct("weather")).toBeNull();
    expect(typed.correct("cat")).toBeNull();
  });

  it("prefers a content word to one the question would drop, and never offers a shorter word than it corrects from", () => {
    expect(typed.correct("theem")).toBe("theme"); // "them" is as near, and dropped
    expect(typed.correct("thme")).toBe("theme"); // not "the"
  });

  it("leaves numbers, names that differ in their first letter, and overlong tokens alone", () => {
    expect(typed.correct("2000")).toBeNull(); // not "200"
    expect(typed.correct("nike")).toBeNull(); // not "like" (first letter)
    expect(typed.correct("lika")).toBeNull(); // not "like": a 4-letter word is mended by a missing letter or a swap only
    expect(typed.correct("liek")).toBe("like");
    expect(typed.correct("iphone")).toBeNull(); // not "phone"
    expect(typed.correct("phonee")).toBe("phone");
    expect(typed.correct(`listenig${"x".repeat(30)}`)).toBeNull();
    expect(correct("dr3000")).toBeNull(); // the stem corrector leaves digits alone too
  });
});

describe("asSpellingLexicon", () => {
  it("takes a well-formed lexicon and refuses a damaged or older one", () => {
    const good = { version: 2, words: { night: 3 }, dropped: ["the"], english: ["bread"] };
    expect(asSpellingLexicon(good)).toBe(good);
    for (const bad of [
      null,
      5,
      {},
      { ...good, version: 1 },
      { ...good, words: ["night"] },
      { ...good, words: { night: "3" } },
      { ...good, english: 5 },
    ])
      expect(asSpellingLexicon(bad), JSON.stringify(bad)).toBeNull();
  });
});

describe("englishWords", () => {
  it("reads SCOWL's usual spell-checker sizes in the dialects the site mixes", async () => {
    const english = await englishWords();
    expect(english.size).toBeGreaterThan(70_000);
    for (const w of ["bread", "colour", "color", "flights", "aluminium"]) expect(english.has(w), w).toBe(true);
    expect(english.has("listenig")).toBe(false);
  });
});

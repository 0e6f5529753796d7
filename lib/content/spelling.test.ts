import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildDoc, readSources } from "@/lib/content/load";
import { buildIndex, runQuery } from "@/lib/search/engine";
import { termMatches } from "@/lib/search/words";
import type { Doc } from "@/lib/content/types";
import { spellingWarnings } from "@/scripts/build/site";
import { siteConfig } from "@/site.config";
import { foldSpelling, otherVariantWords, variantOf } from "./spelling";

describe("one spelling per site (lib/content/spelling.ts)", () => {
  it("knows which variant a locale writes", () => {
    expect(variantOf("en-US")).toBe("american");
    expect(variantOf("en-GB")).toBe("british");
    expect(variantOf("en-AU")).toBe("british");
    expect(variantOf("en")).toBe("american");
    expect(variantOf("de-DE")).toBeNull();
  });

  it("names the words spelt the other way, once each, keeping their capital", () => {
    const text = "Harbour light, grey water, the harbour again; a carburettor. Four hours, our colour.";
    expect(otherVariantWords(text, "en-US")).toEqual([
      ["Harbour", "Harbor"],
      ["grey", "gray"],
      ["carburettor", "carburetor"],
      ["colour", "color"],
    ]);
    expect(otherVariantWords(text, "en-GB")).toEqual([]);
    // American words British English shares (a meter, to license, a practice) are not flagged.
    expect(otherVariantWords("The color of the harbor; a parking meter; practice; license it.", "en-GB")).toEqual([
      ["color", "colour"],
      ["harbor", "harbour"],
    ]);
    expect(otherVariantWords("Grau und grey", "de-DE")).toEqual([]);
  });

  it("the demo content writes its owner's locale throughout", async () => {
    const docs: Doc[] = [];
    for (const f of await readSources(path.resolve(import.meta.dirname, "../../content"))) {
      const built = await buildDoc(f);
      if (built.doc) docs.push(built.doc);
    }
    expect(docs.length).toBeGreaterThan(20);
    expect(spellingWarnings(docs, siteConfig.locale)).toEqual([]);
    // …and the build says so when a page does not.
    expect(spellingWarnings([{ ...docs[0], text: "the harbour" }], "en-US")[0]).toMatch(
      /spelt British where the site writes en-US: harbour → harbor/,
    );
  });
});

describe("search finds a page by either spelling", () => {
  const doc = (url: string, text: string) =>
    ({ url, title: url, headings: [], description: "", aliases: [], tags: [], text }) as unknown as Doc;
  const index = buildIndex([doc("/a", "Rebuilding the carburetors on a gray morning by the harbor"), doc("/b", "Tyres and colour")]);
  const found = (q: string) => runQuery(index, q.split(" ")).map((r) => r.id);

  it("folds British and American words alike in the index and the query", () => {
    for (const q of ["carburettors", "carburetors", "grey", "gray", "harbour", "harbor"]) expect(found(q), q).toEqual(["/a"]);
    for (const q of ["tires", "tyres", "color", "colour"]) expect(found(q), q).toEqual(["/b"]);
    expect(foldSpelling("grey")).toBe("gray");
  });

  it("marks a word of the other spelling on the results page", () => {
    expect(termMatches("grey", "gray")).toBe(true);
    expect(termMatches("tyres", "tires")).toBe(true);
    expect(termMatches("four", "for")).toBe(false);
  });
});

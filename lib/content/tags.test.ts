import { describe, expect, it } from "vitest";
import { tagDescription, tagLabel, tagPath, tagTitle, taggedDocs } from "./tags";
import { docNeighbours, generatedTwins } from "./twins";
import type { Doc } from "./types";

const doc = (url: string, collection: Doc["collection"], tags: string[], date?: string) =>
  ({
    url,
    collection,
    kind: "writing",
    tags,
    title: url.split("/").pop(),
    description: `About ${url}.`,
    date,
    body: "",
    slug: url,
  }) as unknown as Doc;
const docs = [
  doc("/writing/b", "writing", ["film-recipes", "fujifilm"], "2026-02-01"),
  doc("/writing/a", "writing", ["fujifilm"], "2025-01-01"),
  doc("/garage/c", "garage", ["fujifilm"], "2024-01-01"),
  doc("/utilities/d", "utilities", ["fujifilm"]),
];

describe("tag pages", () => {
  it("one per tag, alphabetically, each listing what carries it in the corpus's order", () => {
    const tags = taggedDocs(docs);
    expect([...tags.keys()]).toEqual(["film-recipes", "fujifilm"]);
    expect(tags.get("fujifilm")!.map((d) => d.url)).toEqual(["/writing/b", "/writing/a", "/garage/c", "/utilities/d"]);
    expect(tagPath("film-recipes")).toBe("/tags/film-recipes");
    expect(tagTitle("film-recipes")).toBe("Film recipes");
    // Acronyms and names as written, not capitalised as a word.
    expect(tagTitle("api")).toBe("API");
    expect(tagTitle("api-design")).toBe("API design");
    expect(tagTitle("ai-crawlers")).toBe("AI crawlers");
    expect(tagTitle("nextjs")).toBe("Next.js");
    expect(tagLabel("robots-txt")).toBe("robots.txt");
  });

  it("say what they list, counted by kind", () => {
    const tags = taggedDocs(docs);
    expect(tagDescription("fujifilm", tags.get("fujifilm")!)).toBe(
      "Everything on the site tagged “fujifilm”: 2 essays, 1 garage note and 1 utility.",
    );
    expect(tagDescription("film-recipes", tags.get("film-recipes")!)).toBe("Everything on the site tagged “film recipes”: 1 essay.");
  });

  it("have twins listing each page's twin, and the index a twin listing each tag's", () => {
    const twins = generatedTwins(docs);
    expect(twins["/tags/fujifilm"]).toMatch(/^# Fujifilm\n\n> Everything on the site tagged “fujifilm”/);
    expect(twins["/tags/fujifilm"]).toContain("- [a]({{base}}/writing/a.md): About /writing/a. (2025-01-01)");
    expect(twins["/tags"]).toContain("- [film recipes]({{base}}/tags/film-recipes.md): 1 page");
    expect(twins["/writing/a"]).toContain("- Tags: [fujifilm]({{base}}/tags/fujifilm.md)");
  });
});

describe("an essay's neighbours", () => {
  it("are the ones before and after it in its own index; undated collections have none", () => {
    expect(docNeighbours(docs, docs[0])).toEqual({ prev: undefined, next: docs[1] });
    expect(docNeighbours(docs, docs[1])).toEqual({ prev: docs[0], next: undefined });
    expect(docNeighbours(docs, docs[2])).toEqual({ prev: undefined, next: undefined });
    expect(docNeighbours(docs, docs[3])).toEqual({});
    expect(generatedTwins(docs)["/writing/b"]).toMatch(/\nNext: \[a\]\(\{\{base\}\}\/writing\/a\.md\)\n$/);
  });
});

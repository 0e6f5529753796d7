import { describe, expect, it } from "vitest";
import { buildIndex, tokenize } from "./engine";
import type { Doc } from "@/lib/content/types";

describe("tokenize", () => {
  it("keeps words of spaced scripts whole, apostrophes folded in", () => {
    expect(tokenize("Don’t sync the CB400F's carbs, 2 times")).toEqual(["dont", "sync", "the", "cb400fs", "carbs", "2", "times"]);
  });

  it("splits a run of a script written without spaces at its words", () => {
    expect(tokenize("海藻の森 at dusk")).toEqual(["海藻", "の森", "at", "dusk"]);
    expect(tokenize("东京塔很高")).toEqual(["东京", "塔", "很高"]);
  });

  it("lets a search find one word of such a run", () => {
    const doc = {
      url: "/photos/kelp",
      title: "海藻の森",
      headings: [],
      description: "",
      aliases: [],
      tags: [],
      text: "",
    } as unknown as Doc;
    const index = buildIndex([doc]);
    expect(index.search("海藻").map((r) => r.id)).toEqual(["/photos/kelp"]);
  });
});

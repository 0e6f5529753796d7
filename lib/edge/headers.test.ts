import { describe, expect, it } from "vitest";
import { mergeVary, varyValues } from "./headers";

describe("Vary", () => {
  it("reads one or several lines, each a list", () => {
    expect(varyValues(undefined)).toEqual([]);
    expect(varyValues("Accept")).toEqual(["Accept"]);
    expect(varyValues(["rsc, next-router-state-tree", " Accept-Encoding "])).toEqual(["rsc", "next-router-state-tree", "Accept-Encoding"]);
  });

  it("merges into one value, each field once, first spelling kept", () => {
    expect(mergeVary(["Accept", "rsc", "accept", "Accept-Encoding", "RSC"])).toBe("Accept, rsc, Accept-Encoding");
    expect(mergeVary([])).toBe("");
  });
});

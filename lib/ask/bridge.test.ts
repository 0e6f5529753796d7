import { describe, expect, it } from "vitest";
import { BRIDGE, buildBridge } from "./bridge";
import { normalize, normalizeQuery } from "./training-data";

const stem = (w: string) => normalize(w);

describe("the vocabulary bridge (WordNet)", () => {
  it("maps English words the site never uses to the site words they mean, and leaves site words alone", async () => {
    const known = new Set(["motorcycl", "job", "espresso", "coffe", "bicycl"].map((w) => normalize(w)));
    const bridge = await buildBridge(known, stem);
    expect(bridge[stem("motorbike")]).toContain(stem("motorcycle"));
    expect(bridge[stem("bike")]?.split(" ")).toEqual(expect.arrayContaining([stem("bicycle")]));
    expect(bridge[stem("motorcycle")]).toBeUndefined();
    for (const targets of Object.values(bridge)) for (const t of targets.split(" ")) expect(known.has(t)).toBe(true);
  });

  it("never bridges two-letter words: WordNet's are abbreviations and symbols, and a visitor's PM is no post-mortem", async () => {
    const known = new Set(["metal", "postmortem", "afternoon"].map((w) => normalize(w)));
    expect((await buildBridge(known, stem, { ...BRIDGE, minLength: 1 }))[stem("pm")]).toBeDefined();
    expect((await buildBridge(known, stem))[stem("pm")]).toBeUndefined();
  });

  it("is applied to a question's unknown words only, before spelling correction", () => {
    const known = new Set(["motorcycl", "winter"]);
    const bridge = new Map([["motorbik", "motorcycl"]]);
    expect(normalizeQuery("winter my motorbike", known, undefined, undefined, undefined, bridge)).toBe("winter motorcycl");
    expect(normalizeQuery("winter my motorbike", known)).toBe("winter motorbik");
  });
});

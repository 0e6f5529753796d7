import { describe, expect, it } from "vitest";
import { prerenderStale, type FeatureName } from "./index";

describe("whether the build's prerendered pages were decided as this server decides", () => {
  const off = (...names: FeatureName[]) => new Set(names);
  it("the same features off: the build's pages are served", () => {
    expect(prerenderStale(off(), [])).toBe(false);
    expect(prerenderStale(off("coffee", "ledger"), ["ledger", "coffee"])).toBe(false);
  });
  it("any feature decided otherwise, either way: every page is rendered by the server", () => {
    expect(prerenderStale(off("coffee"), [])).toBe(true);
    expect(prerenderStale(off(), ["coffee"])).toBe(true);
    expect(prerenderStale(off("coffee"), ["ledger"])).toBe(true);
  });
  it("a build that did not record its decision (an older one, or a record written by hand) is not trusted", () => {
    expect(prerenderStale(off(), undefined)).toBe(true);
  });
});

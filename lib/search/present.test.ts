import { describe, expect, it } from "vitest";
import { MAX_RESULTS, resultCount } from "./present";

describe("resultCount", () => {
  it("counts what matched, and says when only the best of them are listed", () => {
    expect(resultCount(1, 1)).toBe("1 result");
    expect(resultCount(31, 31)).toBe("31 results");
    expect(resultCount(80, MAX_RESULTS)).toBe("80 results, the best 50 shown: add a word to narrow them");
  });
});

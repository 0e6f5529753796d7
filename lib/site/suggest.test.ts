import { describe, expect, it } from "vitest";
import { closestPaths } from "./suggest";

const known = [
  "/",
  "/developers",
  "/openapi.json",
  "/health.json",
  "/.well-known/api-catalog",
  "/search.json",
  "/writing",
  "/writing/first-post",
];

describe("closestPaths", () => {
  it.each([
    ["/developer", "/developers"],
    ["/Developers/", "/developers"],
    ["/openapi", "/openapi.json"],
    ["/heath.json", "/health.json"],
    ["/api-catalog", "/.well-known/api-catalog"],
    ["/writing/first-pots", "/writing/first-post"],
  ])("%s → %s first", (requested, expected) => {
    expect(closestPaths(requested, known)[0]).toBe(expected);
  });

  it("returns at most three, and nothing for a path like nothing we have", () => {
    expect(closestPaths("/w", known).length).toBeLessThanOrEqual(3);
    expect(closestPaths("/qqqqqqqqqqqqqqqqqqqqqq/zzzzzzzzzzz", known)).toEqual([]);
  });

  it("costs the same for a 15,000-character path as for a 128-character one: only a bounded prefix is compared", () => {
    const many = Array.from({ length: 300 }, (_, i) => `/writing/a-fairly-long-post-slug-number-${i}`);
    const median = (path: string) => {
      const times = Array.from({ length: 7 }, () => {
        const t = performance.now();
        closestPaths(path, many);
        return performance.now() - t;
      });
      return times.sort((a, b) => a - b)[3];
    };
    const short = median(`/${"x".repeat(127)}`);
    const long = median(`/${"x".repeat(15_000)}`);
    // Unbounded, the long path costs about 100 times the short one.
    expect(long).toBeLessThan(5 * short + 2);
    expect(closestPaths(`/writing/a-fairly-long-post-slug-number-7${"?".repeat(15_000)}`, many)[0]).toBe(
      "/writing/a-fairly-long-post-slug-number-7",
    );
  });
});

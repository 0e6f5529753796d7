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
});

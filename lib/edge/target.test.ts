import { describe, expect, it } from "vitest";
import { ROUTABLE_METHODS, isUnusedNextPath, readTarget } from "./target";

describe("readTarget", () => {
  it.each([
    ["/about", "/about", "", "/about"],
    ["/search.json?q=x%20y", "/search.json", "?q=x%20y", "/search.json"],
    ["/caf%C3%A9?", "/caf%C3%A9", "?", "/café"],
    ["/", "/", "", "/"],
  ])("%s → path %s, query %j, decoded %s", (url, path, query, decoded) => {
    expect(readTarget(url)).toEqual({ path, query, decoded });
  });

  it.each(["/%ff", "/%ff%fe", "/%E0%A4%A", "/writing/%", "/about/%zz.json", "*", "http://example.org/x", ""])(
    "%j is no path of the site",
    (url) => {
      expect(readTarget(url).decoded).toBeUndefined();
    },
  );
});

describe("methods", () => {
  it("routes the seven methods Next's handlers take, and no other", () => {
    expect([...ROUTABLE_METHODS].sort()).toEqual(["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"]);
    for (const m of ["TRACE", "PROPFIND", "QUERY", "SEARCH", "MKCOL", "get"]) expect(ROUTABLE_METHODS.has(m), m).toBe(false);
  });

  it("knows the Next paths the site does not use", () => {
    expect(isUnusedNextPath("/_next/image")).toBe(true);
    expect(isUnusedNextPath("/_next/image/x")).toBe(true);
    expect(isUnusedNextPath("/_next/data/build/x.json")).toBe(true);
    expect(isUnusedNextPath("/_next/static/chunks/a.js")).toBe(false);
    expect(isUnusedNextPath("/_next/imagery")).toBe(false);
  });
});

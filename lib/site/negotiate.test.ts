import { describe, expect, it } from "vitest";
import { errorFormat, looksLikeApiPath, wantsMarkdown } from "./negotiate";

const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";

describe("errorFormat (the spec's 404 rules)", () => {
  it.each([
    ["application/json", "/x", "json"],
    ["text/markdown", "/x", "markdown"],
    ["text/markdown", "/x.json", "markdown"],
    [BROWSER, "/x", "html"],
    [BROWSER, "/x.json", "html"],
    ["*/*", "/x", "html"],
    ["*/*", "/x.json", "json"],
    [null, "/api/x", "json"],
    [null, "/v1", "json"],
    [null, "/v10", "html"],
    [null, "/apis", "html"],
    ["text/html;q=0.5, application/json", "/x", "json"],
    ["text/html, text/markdown;q=0.9", "/x", "html"],
    ["text/markdown, text/html", "/x", "markdown"],
    ["application/json;q=0", "/x.json", "json"],
    ["*/*", "/writing/x.md", "markdown"],
    [BROWSER, "/writing/x.md", "html"],
  ])("Accept %j on %s → %s", (accept, path, format) => {
    expect(errorFormat(accept, path)).toBe(format);
  });
});

describe("wantsMarkdown (twins)", () => {
  it("needs text/markdown named and ranked at or above HTML", () => {
    expect(wantsMarkdown("text/markdown")).toBe(true);
    expect(wantsMarkdown("text/markdown, text/html")).toBe(true);
    expect(wantsMarkdown("text/html;q=0.9, text/markdown")).toBe(true);
    expect(wantsMarkdown("text/html, text/markdown;q=0.5")).toBe(false);
    expect(wantsMarkdown("*/*")).toBe(false);
    expect(wantsMarkdown(BROWSER)).toBe(false);
    expect(wantsMarkdown(null)).toBe(false);
  });
});

describe("looksLikeApiPath", () => {
  it("matches .json, /api/ and /v1/", () => {
    expect(["/a.json", "/api", "/api/x", "/v1/x", "/A.JSON"].every(looksLikeApiPath)).toBe(true);
    expect(["/about", "/apiary", "/v12/x", "/json"].some(looksLikeApiPath)).toBe(false);
  });
});

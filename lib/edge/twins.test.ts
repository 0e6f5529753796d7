import { describe, expect, it } from "vitest";
import type { PageIndex } from "@/lib/site/page-index";
import { HOME_LINK, pageLink, pageOfPath, twinRewrite } from "./twins";

const index: PageIndex = {
  pages: new Set(["/", "/about", "/writing/x", "/resume"]),
  twinTargets: new Map([
    ["/", "/twins/index"],
    ["/about", "/twins/about"],
    ["/writing/x", "/twins/writing/x"],
    ["/resume", "/resume.md"],
  ]),
  hidden: new Set<string>(),
  featured: new Set<string>(),
};

describe("pageOfPath", () => {
  it.each([
    ["/about", { page: "/about", md: false }],
    ["/about/", { page: "/about", md: false }],
    ["/about.md", { page: "/about", md: true }],
    ["/index.md", { page: "/", md: true }],
    ["/", { page: "/", md: false }],
    ["/nope", undefined],
    ["/nope.md", undefined],
  ])("%s → %j", (path, want) => expect(pageOfPath(index, path)).toEqual(want));
});

describe("twinRewrite", () => {
  it("sends a .md path and a Markdown Accept to the twin, HTML and wildcards to the page", () => {
    expect(twinRewrite(index, "/about.md", "text/html")).toBe("/twins/about");
    expect(twinRewrite(index, "/index.md", null)).toBe("/twins/index");
    expect(twinRewrite(index, "/writing/x", "text/markdown")).toBe("/twins/writing/x");
    expect(twinRewrite(index, "/about", "text/markdown;q=0.9, text/html;q=0.9")).toBe("/twins/about");
    expect(twinRewrite(index, "/about", "text/html, text/markdown;q=0.5")).toBeUndefined();
    expect(twinRewrite(index, "/about", "*/*")).toBeUndefined();
    expect(twinRewrite(index, "/about", undefined)).toBeUndefined();
  });

  it("leaves a twin with its own endpoint, and what is no page, alone", () => {
    expect(twinRewrite(index, "/resume.md", null)).toBeUndefined();
    expect(twinRewrite(index, "/resume", "text/markdown")).toBe("/resume.md");
    expect(twinRewrite(index, "/nope", "text/markdown")).toBeUndefined();
  });
});

describe("pageLink", () => {
  it("names the twin, and on the home page where machines find the API", () => {
    expect(pageLink("/about")).toBe('</about.md>; rel="alternate"; type="text/markdown"');
    expect(pageLink("/")).toBe(`${HOME_LINK}, </index.md>; rel="alternate"; type="text/markdown"`);
  });
});

import { describe, expect, it } from "vitest";
import { parseHtml } from "./dom";
import { scanPage } from "./scan";
import { mainContentMarkdown } from "./markdown";

const markdown = (html: string) => {
  const { doc } = parseHtml(html);
  return mainContentMarkdown(scanPage(doc), doc, "https://example.com/");
};

describe("Markdown of hostile nesting", () => {
  // Unbounded, each of these took 76-89 s and up to 60 MB of output; the test timeout catches a regression.
  it.each([
    ["quotes", "<blockquote>".repeat(500) + "<p>line</p>".repeat(30_000)],
    ["lists", "<ul><li>x".repeat(250) + "<p>line</p>".repeat(30_000)],
    ["tables", "<table><tr><td>".repeat(160) + `<p>${"word ".repeat(80_000)}</p>`],
  ])("renders 500 levels of %s in bounded size, nesting only six levels deep", (_kind, html) => {
    const md = markdown(html);
    expect(md.length).toBeLessThan(html.length * 4);
    expect(md).not.toMatch(/^(> ){7}/m);
    expect(md).not.toMatch(/^ {21}-/m);
  });

  it("still nests ordinary lists and quotes", () => {
    expect(
      markdown(
        "<main><ul><li>a<ul><li>b<ul><li>c</li></ul></li></ul></li></ul><blockquote><blockquote><p>q</p></blockquote></blockquote></main>",
      ),
    ).toBe("- a\n   - b\n      - c\n\n> > q");
  });
});

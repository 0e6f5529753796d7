import { describe, expect, it } from "vitest";
import { countWords } from "./dom";

describe("countWords", () => {
  it.each([
    ["", 0],
    ["one", 1],
    ["Low tide leaves small worlds behind.", 6],
    ["don't re-count snake_case or O’Brien", 5],
    ["Crème brûlée, 2026 — 12 anemones", 5],
    ["东京 and Zürich", 3],
    ["- -- ' ’", 0],
  ])("%j has %i words", (text, n) => {
    expect(countWords(text)).toBe(n);
  });
});

describe("parseHtml", () => {
  it("stops at a page nested far deeper than any browser nests, keeping the shallow part", async () => {
    const { parseHtml, MAX_DEPTH } = await import("./dom");
    const { scanPage } = await import("./scan");
    const { mainContentMarkdown } = await import("./markdown");
    const deep = `<title>Deep</title><main><p>Top text</p>${"<div>".repeat(100_000)}bottom${"</div>".repeat(100_000)}</main>`;
    const { doc, tooDeep } = parseHtml(deep);
    expect(tooDeep).toBe(true);
    const scan = scanPage(doc);
    expect(scan.title).toBe("Deep");
    expect(scan.text).toBe("Top text");
    expect(mainContentMarkdown(scan, doc, "https://example.com/")).toBe("Top text");
    expect(MAX_DEPTH).toBe(512);
  });
});

describe("scanPage on nested headings", () => {
  it("records headings nested up to six deep and stays linear beyond", async () => {
    const { parseHtml } = await import("./dom");
    const { scanPage } = await import("./scan");
    const { doc } = parseHtml("<h1>".repeat(500) + "<p>line</p>".repeat(30_000));
    const scan = scanPage(doc);
    expect(scan.headings).toHaveLength(6);
    expect(scan.headings.every((h) => h.level === 1)).toBe(true);
  });
});

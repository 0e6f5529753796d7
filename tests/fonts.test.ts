import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FONT_SUBSETS, UI_CHARACTERS, siteCharacters, writeFontSubsets } from "@/scripts/build/fonts";
import type { Doc } from "@/lib/content/types";

const ROOT = path.resolve(import.meta.dirname, "..");
const work = mkdtemp(path.join(tmpdir(), "fonts-"));
afterAll(async () => rm(await work, { recursive: true, force: true }));

const doc = (text: string, html = "") => ({ title: "Tïtle", description: "D", text, html, headings: [{ text: "H½" }] }) as unknown as Doc;

describe("the site's fonts cut to its pages (scripts/build/fonts.ts)", () => {
  it("takes every character a page shows, the chrome's own, and in italics only what is set in italics", () => {
    const chars = siteCharacters([doc("Zoë’s café — 5 °C", "<p>x <em>Ålesund</em> and <i>ß</i></p>")], ["site ñame"]);
    for (const c of "Zoë’scafé—°CTïH½ñ") expect(chars.all).toContain(c);
    for (const c of UI_CHARACTERS) expect(chars.all).toContain(c);
    expect(chars.italic.split("").sort()).toEqual([..." Ålesundß"].sort());
  });

  it("writes each cut as WOFF2, far smaller than the file it is cut from, and skips the work when nothing changed", async () => {
    const out = await work;
    const chars = siteCharacters([doc("Plain words.", "<em>Words</em>")], []);
    const first = await writeFontSubsets(chars, out);
    expect(first.skipped).toBe(false);
    for (const f of FONT_SUBSETS) {
      const file = await readFile(path.join(out, "fonts", f.file));
      expect(file.subarray(0, 4).toString("latin1"), f.file).toBe("wOF2");
      const whole = await stat(path.join(ROOT, "node_modules", f.source));
      expect(file.length, f.file).toBeLessThan(whole.size / 2);
    }
    // The italic's cut is a file app/fonts.ts serves unpreloaded, under the variable the stylesheet gives emphasis.
    expect(await readFile(path.join(ROOT, "app/fonts.ts"), "utf8")).toContain('path: "../.site/fonts/source-serif-4-italic.woff2"');
    expect(await readFile(path.join(ROOT, "app/globals.css"), "utf8")).toContain("font-family: var(--font-serif-italic),");
    expect((await writeFontSubsets(chars, out)).skipped).toBe(true);
    // A character a page adds makes a new cut.
    expect((await writeFontSubsets(siteCharacters([doc("Plain words. Ž")], []), out)).skipped).toBe(false);
  });

  it("app/fonts.ts gives each whole font Fontsource's own Latin range, so a character no file has fetches none", async () => {
    const source = await readFile(path.join(ROOT, "app/fonts.ts"), "utf8");
    const ranges = [...source.matchAll(/prop: "unicode-range",\s*value:\s*"([^"]+)"/g)].map((m) => m[1]);
    expect(ranges).toHaveLength(2);
    for (const pkg of ["source-serif-4"]) {
      const latin = JSON.parse(await readFile(path.join(ROOT, `node_modules/@fontsource-variable/${pkg}/unicode.json`), "utf8")).latin;
      for (const r of ranges) expect(r, pkg).toBe(latin);
    }
  });
});

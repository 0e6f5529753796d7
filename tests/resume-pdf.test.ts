import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resumeSections, type Resume } from "@/lib/content/resume";
import { renderResumePdf } from "@/scripts/build/resume-pdf";

/**
 * The built /resume.pdf read as PDF readers and screen readers read it, with poppler's tools
 * (Debian poppler-utils, installed by scripts/test-prerequisites.sh): pdftotext must find the
 * owner's name, the headline and every section heading, in reading order, each on its own line
 * (the name once was drawn over the headline and came out as "Avery / IndependentQuill");
 * pdfinfo -struct-text must find the same in the tag tree; pdffonts must find the site's type.
 */
const root = path.resolve(import.meta.dirname, "..");
const pdf = path.join(root, ".site", "resume.pdf");
const resume = JSON.parse(readFileSync(path.join(root, "content", "resume.json"), "utf8")) as Resume;

describe("resume.pdf in a PDF reader", () => {
  it("pdftotext finds the name, the headline and the section headings in reading order", () => {
    expect(existsSync(pdf), "npm run build writes .site/resume.pdf").toBe(true);
    const text = execFileSync("pdftotext", ["-enc", "UTF-8", pdf, "-"], { encoding: "utf8" });
    const lines = text.split("\n").map((l) => l.trim());
    const b = resume.basics!;
    const expected = [b.name!, b.label!, ...resumeSections(resume).map((s) => s.heading)];
    expect(expected).toEqual(expect.arrayContaining(["Experience", "Languages", "Interests"]));
    let at = -1;
    for (const want of expected) {
      const found = lines.indexOf(want, at + 1);
      expect(found, `"${want}" on a line of its own after line ${at}`).toBeGreaterThan(at);
      at = found;
    }
    expect(lines[0]).toBe(b.name);
    expect(lines[1]).toBe(b.label);
  });

  it("pdfinfo reads the document's title and author; page 1 renders to an image", () => {
    const info = execFileSync("pdfinfo", [pdf], { encoding: "utf8" });
    expect(info).toMatch(new RegExp(`^Author:\\s+${resume.basics!.name}$`, "m"));
    expect(info).toMatch(/^Title:\s+.*resume/m);
    const dir = mkdtempSync(path.join(tmpdir(), "resume-png-"));
    try {
      execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", pdf, path.join(dir, "page")]);
      const png = path.join(dir, "page-1.png");
      expect(statSync(png).size).toBeGreaterThan(10_000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const poppler = (tool: string, args: string[]) => execFileSync(tool, args, { encoding: "utf8" });

describe("resume.pdf for screen readers and in the site's type", () => {
  it("is tagged: the name is the H1, each section an H2 in order, each highlight a list item", () => {
    expect(poppler("pdfinfo", [pdf])).toMatch(/^Tagged:\s+yes$/m);
    const tree = poppler("pdfinfo", ["-struct-text", pdf]).split("\n");
    const textOf = (tag: string) =>
      tree.flatMap((line, i) => (line.trim() === `${tag} (block)` ? [JSON.parse(tree[i + 1].trim()) as string] : []));
    expect(textOf("H1")).toEqual([resume.basics!.name]);
    expect(textOf("H2")).toEqual(resumeSections(resume).map((s) => s.heading));
    const bullets = resumeSections(resume).flatMap((s) => s.entries.flatMap((e) => e.bullets ?? []));
    expect(textOf("LBody")).toEqual(bullets);
  });

  it("is set in Inter and Source Serif 4, embedded, and nothing else", () => {
    const fonts = poppler("pdffonts", [pdf])
      .split("\n")
      .slice(2)
      .filter(Boolean)
      .map((l) => l.split(/\s+/));
    expect(new Set(fonts.map(([name]) => name.replace(/^[A-Z]{6}\+/, "").split("-")[0]))).toEqual(new Set(["Inter", "SourceSerif4"]));
    // Columns: name, type (two words), encoding, emb.
    for (const f of fonts) expect(f[f.length - 5], f.join(" ")).toBe("yes");
  });

  it("does not end on a page that holds a few lines: the last page is over a third full", () => {
    const pages = Number(/^Pages:\s+(\d+)$/m.exec(poppler("pdfinfo", [pdf]))![1]);
    const words = poppler("pdftotext", ["-f", String(pages), "-l", String(pages), "-bbox", pdf, "-"]);
    // The lowest word above the page-number line (drawn in the bottom margin).
    const bottoms = [...words.matchAll(/<word [^>]*yMax="([\d.]+)"/g)].map((m) => Number(m[1])).filter((y) => y < 792 - 54);
    expect((Math.max(...bottoms) - 54) / (792 - 108)).toBeGreaterThan(1 / 3);
  });

  it("draws names in other scripts from the fonts' other subsets, and names what no font has", async () => {
    const warnings: string[] = [];
    const out = await renderResumePdf({ basics: { name: "Zoë Łukasiewicz", label: "Разработчица, Ελλάδα", summary: "Loves 珈琲." } }, (m) =>
      warnings.push(m),
    );
    const dir = mkdtempSync(path.join(tmpdir(), "resume-scripts-"));
    try {
      writeFileSync(path.join(dir, "r.pdf"), out);
      const text = poppler("pdftotext", ["-enc", "UTF-8", path.join(dir, "r.pdf"), "-"]);
      expect(text).toContain("Zoë Łukasiewicz");
      expect(text).toContain("Разработчица, Ελλάδα");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/no glyph for 珈 琲/);
  });
});

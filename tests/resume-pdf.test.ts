import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resumeSections, type Resume } from "@/lib/content/resume";

/**
 * The built /resume.pdf read as a PDF reader reads it: poppler's pdftotext (Debian
 * poppler-utils, installed by scripts/test-prerequisites.sh) must find the owner's name,
 * the headline and every section heading, in reading order, each on its own line. The
 * name once was drawn over the headline and came out as "Avery / IndependentQuill".
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

import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as cheerio from "cheerio";
import { describe, expect, it } from "vitest";
import { appUnderTest } from "./helpers/app";
import { resumeContact, resumeDateRange, resumeSections, type Resume } from "@/lib/content/resume";

/**
 * /resume, /resume.md and /resume.pdf are one resume (the page's Markdown twin and its PDF
 * carry the same content as the page): every section, entry, line of text, highlight and date range
 * of content/resume.json is in each, read the way its reader reads it (the page's text, the
 * Markdown, pdftotext's output). The page once lacked languages, interests and project
 * highlights, the PDF languages and interests, and the dates were "2023-03" in two of three.
 */
const app = appUnderTest();
const resume = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "..", "content", "resume.json"), "utf8")) as Resume;

// PDF lines wrap and hyphenate, Markdown marks emphasis: compare without spaces, hyphens and markup.
const squash = (s: string) => s.replace(/[\s\-‐*_>#]+/g, "").toLowerCase();

function expected(): string[] {
  const b = resume.basics!;
  const out = [b.name!, b.label!, ...(b.summary ? [b.summary] : []), ...resumeContact(resume).map((c) => c.value)];
  for (const section of resumeSections(resume)) {
    out.push(section.heading);
    for (const e of section.entries) {
      out.push(e.title);
      if (e.text) out.push(e.text);
      if (e.dates) out.push(resumeDateRange(e.dates));
      out.push(...(e.bullets ?? []));
    }
  }
  return out;
}

async function renditions(): Promise<Record<string, string>> {
  const html = await (await fetch(`${app.server.base}/resume`)).text();
  const md = await (await fetch(`${app.server.base}/resume.md`)).text();
  const pdf = Buffer.from(await (await fetch(`${app.server.base}/resume.pdf`)).arrayBuffer());
  const dir = mkdtempSync(path.join(tmpdir(), "resume-"));
  try {
    writeFileSync(path.join(dir, "r.pdf"), pdf);
    const pdfText = execFileSync("pdftotext", ["-enc", "UTF-8", path.join(dir, "r.pdf"), "-"], { encoding: "utf8" });
    return { html: cheerio.load(html)("article.resume").text(), md, pdf: pdfText };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The section each part of JSON Resume is shown under; a part with entries and no section here is rendered nowhere. */
const SECTION_OF: Record<string, string> = {
  work: "Experience",
  projects: "Projects",
  education: "Education",
  skills: "Skills",
  languages: "Languages",
  interests: "Interests",
};

describe("the resume's three renditions", () => {
  it("leave out no part of resume.json that has content", () => {
    const headings = resumeSections(resume).map((s) => s.heading);
    for (const [key, value] of Object.entries(resume)) {
      if (key === "basics" || key === "$schema" || key === "meta" || (Array.isArray(value) && value.length === 0)) continue;
      expect(SECTION_OF[key], `resume.json's "${key}" is shown nowhere`).toBeDefined();
      expect(headings).toContain(SECTION_OF[key]);
    }
    const b = resume.basics!;
    const contact = resumeContact(resume).map((c) => c.value);
    for (const p of b.profiles ?? []) expect(contact).toContain(p.url);
    if (b.email) expect(contact).toContain(b.email);
  });

  it("each holds every section, entry, text, highlight and date range of resume.json", async () => {
    const all = await renditions();
    const want = expected();
    expect(want.length).toBeGreaterThan(40);
    expect(want).toEqual(expect.arrayContaining(["Languages", "Interests", "Projects", "March 2023 – present"]));
    for (const [name, text] of Object.entries(all)) {
      const have = squash(text);
      const missing = want.filter((w) => !have.includes(squash(w)));
      expect(missing, `${name} lacks`).toEqual([]);
    }
  });

  it("writes dates as a reader does, never as ISO months", async () => {
    for (const [name, text] of Object.entries(await renditions())) expect(text, name).not.toMatch(/\b(19|20)\d\d-\d\d\b/);
  });
});

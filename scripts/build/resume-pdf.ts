import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { resumeContact, resumeDateRange, resumeSections, type Resume, type ResumeEntry } from "@/lib/content/resume";

/**
 * /resume.pdf, rendered at build time without a browser, with PDFKit directly: it writes a
 * tagged PDF (headings, paragraphs and lists a screen reader can walk; react-pdf, used before,
 * cannot), in the site's own type: Inter for names and headings, Source Serif 4 for the text,
 * from the static Fontsource files (PDF has no variable-font axes; PDFKit embeds a subset).
 */

type Face = "sans" | "sansBold" | "serif" | "serifItalic";
const require = createRequire(import.meta.url);
const FILES: Record<Face, [family: string, file: (subset: string) => string]> = {
  sans: ["inter", (s) => `inter-${s}-400-normal.woff`],
  sansBold: ["inter", (s) => `inter-${s}-700-normal.woff`],
  serif: ["source-serif-4", (s) => `source-serif-4-${s}-400-normal.woff`],
  serifItalic: ["source-serif-4", (s) => `source-serif-4-${s}-400-italic.woff`],
};

/** A subset file and the code points it covers (Fontsource's own unicode-range table). */
interface Subset {
  name: string;
  ranges: [number, number][];
}
function subsetsOf(family: string): Subset[] {
  const table = JSON.parse(readFileSync(require.resolve(`@fontsource/${family}/unicode.json`), "utf8")) as Record<string, string>;
  // Latin first: most text is in it, and a code point two subsets share (U+0304) comes from it.
  const names = Object.keys(table).sort((a, b) => Number(b === "latin") - Number(a === "latin"));
  return names.map((name) => ({
    name,
    ranges: table[name].split(",").map((r) => {
      const [lo, hi = lo] = r.replace(/U\+/g, "").split("-");
      return [parseInt(lo, 16), parseInt(hi, 16)] as [number, number];
    }),
  }));
}
const covers = (s: Subset, cp: number) => s.ranges.some(([lo, hi]) => cp >= lo && cp <= hi);

/** Text cut into runs, each drawn from the first subset file of the face that has its characters. */
function runsOf(text: string, subsets: Subset[]): { subset: string; text: string }[] {
  const runs: { subset: string; text: string }[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const subset = /\s/.test(ch) && runs.length ? runs[runs.length - 1].subset : (subsets.find((s) => covers(s, cp))?.name ?? "latin");
    const last = runs[runs.length - 1];
    if (last?.subset === subset) last.text += ch;
    else runs.push({ subset, text: ch });
  }
  return runs;
}

const INK = "#1d1c1a";
const MUTED = "#5d5a53";
const ACCENT = "#9a3412";

/** One layout at a given scale: sizes and spaces multiply by it. */
interface Rendered {
  pdf: Buffer;
  pages: number;
  /** How far down its text area the last page's text ends, 0–1. */
  lastFill: number;
  /** Characters no subset of the site's fonts has, drawn as missing glyphs. */
  missing: Set<string>;
}

function render(r: Resume, scale: number): Promise<Rendered> {
  const b = r.basics ?? {};
  const margin = 54;
  const doc = new PDFDocument({
    size: "LETTER",
    margins: { top: margin, bottom: margin, left: margin, right: margin },
    tagged: true,
    lang: "en",
    displayTitle: true,
    pdfVersion: "1.7",
    bufferPages: true,
    info: { Title: `${b.name ?? "Resume"} — resume`, Author: b.name ?? "", Subject: "Resume" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const missing = new Set<string>();
  const subsets = { inter: subsetsOf("inter"), "source-serif-4": subsetsOf("source-serif-4") };
  const registered = new Set<string>();
  const fontFor = (face: Face, subset: string) => {
    const [family, file] = FILES[face];
    const name = `${face}-${subset}`;
    if (!registered.has(name)) {
      doc.registerFont(name, readFileSync(require.resolve(`@fontsource/${family}/files/${file(subset)}`)));
      registered.add(name);
    }
    return name;
  };
  const width = doc.page.width - margin * 2;
  const bottom = () => doc.page.height - margin;
  const pt = (n: number) => n * scale;

  /** Draws `text` in `face` at `size` from the current position, continuing a line when `continued`. */
  const write = (text: string, face: Face, size: number, color: string, opts: PDFKit.Mixins.TextOptions = {}) => {
    const runs = runsOf(text, subsets[FILES[face][0] as keyof typeof subsets]);
    runs.forEach((run, i) => {
      for (const ch of run.text)
        if (!/\s/.test(ch) && !subsets[FILES[face][0] as keyof typeof subsets].some((s) => covers(s, ch.codePointAt(0)!))) missing.add(ch);
      doc
        .font(fontFor(face, run.subset))
        .fontSize(size)
        .fillColor(color)
        .text(run.text, { width, ...opts, continued: i < runs.length - 1 || opts.continued === true });
    });
  };
  const heightOf = (text: string, face: Face, size: number, w = width) => {
    doc.font(fontFor(face, "latin")).fontSize(size);
    return doc.heightOfString(text, { width: w, lineGap: pt(2) });
  };
  const root = doc.struct("Document");
  doc.addStructure(root);
  const block = (parent: PDFKit.PDFStructureElement, type: string, draw: () => void) => {
    const el = doc.struct(type, {}, draw);
    parent.add(el);
    el.end();
  };

  block(root, "H1", () => write(b.name ?? "Resume", "sansBold", pt(22), INK, { lineGap: pt(2) }));
  if (b.label) block(root, "P", () => write(b.label!, "sans", pt(11.5), MUTED, { lineGap: pt(2) }));
  const contact = resumeContact(r);
  if (contact.length) {
    doc.moveDown(0.2);
    block(root, "P", () => write(contact.map((c) => c.value).join("   ·   "), "sans", pt(8.5), MUTED));
  }
  if (b.summary) {
    doc.moveDown(0.8);
    block(root, "P", () => write(b.summary!, "serif", pt(10), INK, { lineGap: pt(2) }));
  }

  const entryHeight = (e: ResumeEntry) =>
    heightOf(e.title, "sansBold", pt(10)) +
    (e.text ? heightOf(e.text, "serif", pt(10)) : 0) +
    (e.bullets ?? []).reduce((h, x) => h + heightOf(x, "serif", pt(10), width - pt(12)), 0) +
    pt(8);

  for (const section of resumeSections(r)) {
    const sect = doc.struct("Sect");
    root.add(sect);
    // A heading is kept with the start of what follows it.
    const first = section.entries[0];
    const need = pt(30) + (first ? Math.min(section.compact ? heightOf(first.title, "serif", pt(10)) : entryHeight(first), pt(120)) : 0);
    if (doc.y + need > bottom()) doc.addPage();
    doc.moveDown(0.9);
    block(sect, "H2", () => write(section.heading, "sansBold", pt(11), ACCENT));
    const ruleY = doc.y + pt(1);
    doc.markContent("Artifact", { type: "Layout" });
    doc
      .moveTo(margin, ruleY)
      .lineTo(margin + width, ruleY)
      .lineWidth(0.5)
      .strokeColor("#d6d3cc")
      .stroke();
    doc.endMarkedContent();
    doc.y = ruleY + pt(5);
    doc.x = margin;

    for (const e of section.entries) {
      if (section.compact) {
        block(sect, "P", () => {
          const rest = [e.text, e.dates ? resumeDateRange(e.dates) : undefined].filter(Boolean).join(" · ");
          write(e.title, "sansBold", pt(9.5), INK, { continued: Boolean(rest), lineGap: pt(2) });
          if (rest) write(` ${rest}`, "serif", pt(10), INK, { lineGap: pt(2) });
        });
        continue;
      }
      // An entry is not split from its title: a short entry moves whole to the next page.
      const h = entryHeight(e);
      if (doc.y + Math.min(h, pt(160)) > bottom()) doc.addPage();
      const top = doc.y;
      block(sect, "H3", () => write(e.title, "sansBold", pt(10), INK, { lineGap: pt(1) }));
      if (e.dates) {
        const dates = resumeDateRange(e.dates);
        doc.font(fontFor("sansBold", "latin")).fontSize(pt(10));
        const titleWidth = doc.widthOfString(e.title);
        doc.font(fontFor("sans", "latin")).fontSize(pt(8.5));
        // Beside the title when both fit on its line, else on a line of their own below it.
        const beside = titleWidth + doc.widthOfString(dates) + pt(16) < width;
        const after = doc.y;
        block(sect, "P", () => {
          if (beside) doc.y = top + pt(1.5);
          write(dates, "sans", pt(8.5), MUTED, { align: beside ? "right" : "left", lineGap: pt(1) });
        });
        doc.y = Math.max(after, doc.y);
      }
      doc.x = margin;
      if (e.text) block(sect, "P", () => write(e.text!, "serif", pt(10), INK, { lineGap: pt(2) }));
      if (e.bullets?.length) {
        const list = doc.struct("L");
        sect.add(list);
        for (const item of e.bullets) {
          const li = doc.struct("LI");
          list.add(li);
          const y = doc.y;
          block(li, "Lbl", () => write("•", "serif", pt(10), MUTED, { width: pt(10), lineGap: pt(2) }));
          doc.y = y;
          block(li, "LBody", () => {
            doc.x = margin + pt(12);
            write(item, "serif", pt(10), INK, { width: width - pt(12), lineGap: pt(2) });
          });
          li.end();
          doc.x = margin;
        }
        list.end();
      }
      doc.y += pt(7);
    }
    sect.end();
  }

  const range = doc.bufferedPageRange();
  const lastFill = (doc.y - margin) / (bottom() - margin);
  // Page numbers are furniture, not content: marked as artifacts, outside the structure.
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Drawn inside the bottom margin, which PDFKit would otherwise answer with a new page.
    const { bottom: kept } = doc.page.margins;
    doc.page.margins.bottom = 0;
    doc.markContent("Artifact", { type: "Pagination" });
    const label = `${b.name ?? "Resume"} · ${i + 1} of ${range.count}`;
    doc
      .font(fontFor("sans", "latin"))
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(label, margin, doc.page.height - margin / 2 - 4, { width, align: "right", lineBreak: false });
    doc.endMarkedContent();
    doc.page.margins.bottom = kept;
  }
  root.end();
  doc.end();
  return new Promise((resolve, reject) => {
    doc.on("end", () => resolve({ pdf: Buffer.concat(chunks), pages: range.count, lastFill, missing }));
    doc.on("error", reject);
  });
}

/**
 * The smallest number of pages at a readable size: when the last page would hold only a few
 * lines (under a third of it), the résumé is set slightly tighter (down to 92%) if that saves
 * the page; otherwise at full size.
 */
export async function renderResumePdf(resume: Resume, warn: (msg: string) => void = console.warn): Promise<Buffer> {
  let chosen = await render(resume, 1);
  if (chosen.pages > 1 && chosen.lastFill < 1 / 3) {
    for (const scale of [0.96, 0.92]) {
      const tighter = await render(resume, scale);
      if (tighter.pages < chosen.pages) {
        chosen = tighter;
        break;
      }
    }
  }
  if (chosen.missing.size)
    warn(`resume.pdf: the site's fonts have no glyph for ${[...chosen.missing].join(" ")}; they show as empty boxes in the PDF`);
  return chosen.pdf;
}

import { createHash } from "node:crypto";
import { readFile, readdir, stat } from "node:fs/promises";
import path from "node:path";
import matter from "gray-matter";
import type { z } from "zod";
import { ownerFieldReason, ownerFileIssues, typeMismatch } from "@/lib/core/validation";
import { COLLECTIONS, COLLECTION_NAMES, SLUG, collectionIssues, frontMatterSchema, type Collection, type FrontMatter } from "./schema";
import { countWords, renderMarkdown } from "./markdown";
import { withoutBase } from "./base-token";
import type { Doc } from "./types";

/** A content file that cannot be built; the message reads `file: field: reason`. */
export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(`content has ${problems.length} problem${problems.length === 1 ? "" : "s"}:\n  ${problems.join("\n  ")}`);
    this.name = "ContentError";
  }
}

export interface SourceFile {
  collection: Collection;
  /** Relative to the content folder, e.g. `writing/rate-limits.md`. */
  relPath: string;
  raw: string;
  hash: string;
  /** Why the file cannot be read as a page at all (not UTF-8, a Markdown file not named .md). */
  unreadable?: string;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

const DATE_FIELDS = new Set(["date", "updated"]);

/** What is wrong with one front-matter field, in the owner's words and with the fix where YAML is the cause. */
function frontMatterReason(issue: z.core.$ZodIssue, field: string): string {
  if (issue.code === "unrecognized_keys") return `unknown field(s) ${issue.keys.join(", ")}`;
  const reason = ownerFieldReason(issue);
  // Only a value of the wrong type gets a hint on how YAML reads it (not a missing field, not a list).
  if (!reason || reason !== typeMismatch(issue)) return reason ?? issue.message;
  const mismatch = reason;
  if (issue.code === "invalid_type" && issue.expected === "boolean") return `${mismatch} (write true or false)`;
  // A title or tag YAML read as a number or boolean; not a date, whose own rule says how to write it.
  if (issue.code === "invalid_type" && issue.expected === "string" && !DATE_FIELDS.has(field))
    return `${mismatch} (YAML reads an unquoted 12345 or true as one: put the value in quotes)`;
  return mismatch;
}

/** A name meant as Markdown: `.md`, or one the build refuses by name (`.markdown`, `.MD`, `.mdx`, `.md.txt` as TextEdit saves it). */
const MARKDOWN_NAME = /\.(md|markdown|mdx)(\.txt)?$/i;
/** An upper-case Markdown note beside the content (README.md, PERSONA.md, NOTES-2025.md): documentation, not a page, and not worth a build log line. */
export const NOTE_FILE = /^[A-Z0-9_-]+\.md$/;
/** Files at the top of content/ that the build reads on their own (the rest of content/ is the collections). */
const TOP_LEVEL_FILES = new Set(["resume.json", "around.json", "questions.md"]);

/**
 * What content/ holds that the build does not read, each as a line for the build log: a
 * post in a year folder or a page in a folder the site does not know would otherwise never
 * appear, without a word. Hidden files and upper-case notes such as README.md are not content.
 */
export async function strayContent(contentDir: string): Promise<string[]> {
  // Names and kinds, following symbolic links (a collection may be a link to a synced folder).
  const list = async (dir: string) => {
    const names = await readdir(dir).catch(() => [] as string[]);
    const kinds = await Promise.all(
      names.map((n) =>
        stat(path.join(dir, n)).then(
          (st) => st.isDirectory(),
          () => false,
        ),
      ),
    );
    return names.map((name, i) => ({ name, folder: kinds[i] })).filter((e) => !e.name.startsWith(".") && !NOTE_FILE.test(e.name));
  };
  const lines: string[] = [];
  const where = COLLECTION_NAMES.map((c) => `${c}/`).join(", ");
  for (const entry of await list(contentDir)) {
    const rel = `content/${entry.name}`;
    if (entry.folder) {
      if (!(COLLECTION_NAMES as readonly string[]).includes(entry.name))
        lines.push(`${rel}/: left out: not a content folder (the folders are ${where})`);
      else
        for (const inner of await list(path.join(contentDir, entry.name))) {
          if (inner.folder)
            lines.push(`${rel}/${inner.name}/: left out: folders inside ${entry.name}/ are not read; move its files into ${entry.name}/`);
          else if (!MARKDOWN_NAME.test(inner.name)) lines.push(`${rel}/${inner.name}: left out: only .md files are read`);
        }
    } else if (!TOP_LEVEL_FILES.has(entry.name))
      lines.push(
        `${rel}: left out: ${entry.name.endsWith(".md") ? `a page goes in content/pages/, a post in content/writing/` : `not a file the build reads`}`,
      );
  }
  return lines;
}

/** Every Markdown file of every collection, with its content hash (the cache key). */
export async function readSources(contentDir: string): Promise<SourceFile[]> {
  const files: SourceFile[] = [];
  for (const collection of COLLECTION_NAMES) {
    const dir = path.join(contentDir, collection);
    const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT") return [] as string[];
      throw err;
    });
    // Hidden files ("._post.md", macOS's resource forks on exFAT and in archives) are not content.
    for (const name of names.filter((n) => !n.startsWith(".") && MARKDOWN_NAME.test(n)).sort()) {
      const bytes = await readFile(path.join(dir, name));
      const hash = createHash("sha256").update(bytes).digest("hex");
      const relPath = `${collection}/${name}`;
      // Skipped in silence, a post named .markdown would just never appear.
      if (!name.endsWith(".md")) {
        files.push({ collection, relPath, raw: "", hash, unreadable: "file name: content files end in .md (rename it)" });
        continue;
      }
      let raw: string;
      try {
        raw = utf8.decode(bytes);
      } catch {
        // Decoded leniently, every byte that is not UTF-8 would be published as U+FFFD.
        const line = bytes.toString("utf8").split("\uFFFD")[0].split("\n").length;
        files.push({
          collection,
          relPath,
          raw: "",
          hash,
          unreadable: `file: is not UTF-8 text (first bad byte on line ${line}); save it as UTF-8`,
        });
        continue;
      }
      files.push({ collection, relPath, raw: withoutControlCharacters(raw), hash });
    }
  }
  return files;
}

/**
 * Word processors paste a soft line break as U+000B and a page break as U+000C, and other C0
 * controls (ESC, NUL) are invisible accidents. None may appear in XML, so one of them made
 * the whole Atom feed unreadable; pages showed nothing or a box. The breaks become spaces (as
 * a line break inside a Markdown paragraph reads), so the file's line numbers, which the
 * build's messages give, stay the editor's; the rest go.
 */
export function withoutControlCharacters(text: string): string {
  return text.replace(/[\v\f]/g, " ").replace(/[\x00-\x08\x0e-\x1f\x7f]/g, "");
}

/** Parse, validate and render one file. Returns the problems instead of throwing, so all are reported at once. */
export async function buildDoc(file: SourceFile, contentLabel = "content"): Promise<{ doc?: Doc; problems: string[] }> {
  const where = `${contentLabel}/${file.relPath}`;
  const slug = path.basename(file.relPath, ".md");
  const problems: string[] = [];
  if (file.unreadable) return { problems: [`${where}: ${file.unreadable}`] };
  if (!SLUG.test(slug)) problems.push(`${where}: file name: must be lowercase words joined by hyphens`);
  if (!file.raw.startsWith("---")) {
    problems.push(
      `${where}: front matter: is missing (the file starts with a line of ---, then title, description…; see content/README.md)`,
    );
    return { problems };
  }
  let parsed: matter.GrayMatterFile<string>;
  try {
    parsed = matter(file.raw);
  } catch (err) {
    // The YAML parser's first line ends where its excerpt of the file begins; the two usual causes follow it.
    const reason = (err as Error).message.split("\n")[0].replace(/:\s*$/, "");
    return {
      problems: [`${where}: front matter: ${reason} (a value containing ": " needs quotes; the front matter ends with a line of ---)`],
    };
  }
  const written = asWritten(parsed);
  const fm = frontMatterSchema.safeParse(written);
  if (!fm.success) {
    for (const { issue, field } of ownerFileIssues(fm.error.issues, (p) => p.join(".") || "front matter"))
      problems.push(`${where}: ${field}: ${frontMatterReason(issue, field)}`);
    // What the folder asks of a file (a date in writing/) is said in the same build, not the next one.
    const said = new Set(fm.error.issues.map((i) => String(i.path[0] ?? "")));
    for (const i of collectionIssues(file.collection, written as FrontMatter))
      if (!said.has(i.field)) problems.push(`${where}: ${i.field}: ${i.message}`);
    return { problems };
  }
  for (const i of collectionIssues(file.collection, fm.data)) problems.push(`${where}: ${i.field}: ${i.message}`);
  const body = parsed.content.trim();
  if (body.length === 0) problems.push(`${where}: body: is empty`);
  if (problems.length) return { problems };
  if (fm.data.draft) return { problems: [] };

  const rendered = await renderMarkdown(body);
  const portrait = fm.data.portrait;
  if (typeof portrait === "string" && !rendered.headings.some((h) => h.id === portrait))
    return {
      problems: [
        `${where}: portrait: the page has no section #${portrait} (its sections: ${rendered.headings.map((h) => h.id).join(", ") || "none"})`,
      ],
    };
  const text = withoutBase(rendered.text);
  const prose = withoutBase(rendered.prose);
  const { base, kind } = COLLECTIONS[file.collection];
  const data = fm.data;
  return {
    problems: [],
    doc: {
      collection: file.collection,
      kind,
      slug,
      url: `${base}/${slug}`,
      title: data.title,
      description: data.description,
      ...(data.date ? { date: data.date } : {}),
      ...(data.updated ? { updated: data.updated } : {}),
      tags: data.tags,
      questions: data.questions,
      aliases: data.aliases,
      ...(data.order !== undefined ? { order: data.order } : {}),
      ...(data.endpoint ? { endpoint: data.endpoint } : {}),
      demo: data.demo,
      ...(data.portrait !== undefined ? { portrait: data.portrait } : {}),
      headings: rendered.headings.map((h) => ({ ...h, text: withoutBase(h.text) })),
      html: rendered.html,
      body,
      text,
      ...(prose !== text ? { prose } : {}),
      wordCount: countWords(text),
      source: file.relPath,
    },
  };
}

/** Newest first for dated collections; by `order`, then title, for the rest. */
export function sortDocs(docs: Doc[]): Doc[] {
  return [...docs].sort((a, b) => {
    if (a.collection !== b.collection) return COLLECTION_NAMES.indexOf(a.collection) - COLLECTION_NAMES.indexOf(b.collection);
    if (a.date || b.date) return (b.date ?? "").localeCompare(a.date ?? "") || a.slug.localeCompare(b.slug);
    return (a.order ?? 1000) - (b.order ?? 1000) || a.title.localeCompare(b.title);
  });
}

/**
 * The front matter with each date as the owner wrote it. YAML reads an unquoted 2024-13-45 as
 * a Date, rolling the month over (14 February 2025), and the schema would see a valid day;
 * the text on the line is what gets validated instead.
 */
function asWritten(parsed: matter.GrayMatterFile<string>): Record<string, unknown> {
  const data: Record<string, unknown> = { ...parsed.data };
  for (const key of ["date", "updated"]) {
    if (!(data[key] instanceof Date)) continue;
    const line = new RegExp(`^['"]?${key}['"]?[ \\t]*:[ \\t]*['"]?([^'"\\s#]+)`, "m").exec(parsed.matter);
    // A full timestamp (2024-05-01T10:00:00Z) stands for its day, as it always has.
    if (line) data[key] = /^\d{4}-\d{2}-\d{2}[Tt]/.test(line[1]) ? line[1].slice(0, 10) : line[1];
  }
  return data;
}

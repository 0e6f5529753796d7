/**
 * content/questions.md: the question bank. For each page a visitor can reach, the
 * questions strangers ask in their own words (slang, fragments, typos, the need behind the
 * page), which /ask learns from beside the front-matter `questions`. A plain Markdown file
 * so the owner reviews and edits it like the rest of content/:
 *
 *     ## /contact
 *
 *     - can I DM her somewhere
 *     - best way to reach u?
 *
 * Anything outside a `## /path` section (a title, notes) is left alone. The build names a
 * section whose path is not a page, and a line inside a section that is not a `- ` item.
 */
export const QUESTION_BANK_FILE = "questions.md";
export const MAX_BANK_QUESTION_CHARS = 300;

export interface QuestionBank {
  /** Page URL → its questions, in file order, without duplicates. */
  byUrl: Map<string, string[]>;
  /** `line: message` for each thing the build refuses. */
  problems: string[];
}

const SECTION = /^##\s+(\S+)\s*$/;
const ITEM = /^[-*]\s+(.+?)\s*$/;

export function parseQuestionBank(text: string, pages: ReadonlySet<string>): QuestionBank {
  const byUrl = new Map<string, string[]>();
  const problems: string[] = [];
  let current: string[] | null = null;
  let currentIsPage = false;
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    const at = i + 1;
    const section = SECTION.exec(line);
    if (section) {
      const url = section[1];
      currentIsPage = pages.has(url);
      if (!currentIsPage)
        problems.push(`${at}: ${url} is not a page of this site (a section is "## " and a page's path, e.g. "## /contact")`);
      current = byUrl.get(url) ?? [];
      if (currentIsPage) byUrl.set(url, current);
      return;
    }
    if (/^#/.test(line)) {
      current = null;
      return;
    }
    if (!line || current === null) return;
    const item = ITEM.exec(line);
    if (!item) {
      problems.push(`${at}: expected a question as "- …" under ${[...byUrl.keys()].at(-1) ?? "its section"}`);
      return;
    }
    const q = item[1];
    if (q.length > MAX_BANK_QUESTION_CHARS) {
      problems.push(`${at}: a question is at most ${MAX_BANK_QUESTION_CHARS} characters`);
      return;
    }
    if (currentIsPage && !current.some((x) => x.toLowerCase() === q.toLowerCase())) current.push(q);
  });
  return { byUrl, problems };
}

/**
 * Adds `additions` (page URL → new questions) to the file's text without touching what is
 * there: new items go at the end of their page's section, a page without one gets a new
 * section at the end. Returns the new text and how many questions were added per page.
 */
export function appendToQuestionBank(
  text: string,
  additions: ReadonlyMap<string, readonly string[]>,
): { text: string; added: Map<string, number> } {
  const lines = text.length ? text.replace(/\r\n/g, "\n").split("\n") : [];
  const added = new Map<string, number>();
  const existing = new Map<string, Set<string>>();
  const sectionEnd = new Map<string, number>();
  let current: string | null = null;
  lines.forEach((raw, i) => {
    const line = raw.trim();
    const section = SECTION.exec(line);
    if (section) {
      current = section[1];
      if (!existing.has(current)) existing.set(current, new Set());
      sectionEnd.set(current, i + 1);
      return;
    }
    if (/^#/.test(line)) current = null;
    if (current === null) return;
    const item = ITEM.exec(line);
    if (item) {
      existing.get(current)!.add(item[1].toLowerCase());
      sectionEnd.set(current, i + 1);
    }
  });
  const inserts: { at: number; items: string[] }[] = [];
  const tail: string[] = [];
  for (const [url, questions] of additions) {
    const seen = existing.get(url) ?? new Set<string>();
    const fresh = questions.map((q) => q.trim().replace(/\s+/g, " ")).filter((q) => q && q.length <= MAX_BANK_QUESTION_CHARS);
    const items = fresh.filter((q) => !seen.has(q.toLowerCase()) && seen.add(q.toLowerCase()));
    if (!items.length) continue;
    added.set(url, items.length);
    const at = sectionEnd.get(url);
    if (at === undefined) tail.push("", `## ${url}`, "", ...items.map((q) => `- ${q}`));
    else inserts.push({ at, items: items.map((q) => `- ${q}`) });
  }
  for (const { at, items } of inserts.sort((a, b) => b.at - a.at)) lines.splice(at, 0, ...items);
  while (lines.length && lines.at(-1) === "") lines.pop();
  const body = [...lines, ...tail];
  return { text: `${body.join("\n").replace(/^\n+/, "")}\n`, added };
}

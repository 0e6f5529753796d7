import { unified } from "unified";
import remarkParse from "remark-parse";
import remarkGfm from "remark-gfm";
import remarkRehype from "remark-rehype";
import rehypeRaw from "rehype-raw";
import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import rehypeSlug from "rehype-slug";
import rehypeAutolinkHeadings from "rehype-autolink-headings";
import rehypeStringify from "rehype-stringify";
import { headingRank } from "hast-util-heading-rank";
import { toString as hastText } from "hast-util-to-string";
import type { Heading } from "./types";

type MdNode = { type: string; depth?: number; value?: string; children?: MdNode[] };

type HastNode = { type: string; tagName?: string; properties?: Record<string, unknown>; children?: HastNode[] };

/**
 * Accessibility fixes axe-core asked for: a code block that scrolls sideways must be
 * reachable by keyboard, and a task-list checkbox needs an accessible name.
 */
function rehypeAccessible() {
  return (tree: HastNode) => {
    const walk = (node: HastNode) => {
      if (node.tagName === "pre") node.properties = { ...node.properties, tabIndex: 0 };
      if (node.tagName === "input" && node.properties?.type === "checkbox") {
        node.properties = { ...node.properties, ariaLabel: node.properties.checked ? "done" : "not done" };
      }
      node.children?.forEach(walk);
    };
    walk(tree);
  };
}

/** `href="#fn-1"` → `#user-content-fn-1` where only the prefixed id exists (what GitHub's own page script does). */
function rehypeFollowPrefixedIds() {
  return (tree: HastNode) => {
    const ids = new Set<string>();
    const links: HastNode[] = [];
    const walk = (node: HastNode) => {
      if (typeof node.properties?.id === "string") ids.add(node.properties.id);
      if (node.tagName === "a" && typeof node.properties?.href === "string" && node.properties.href.startsWith("#")) links.push(node);
      node.children?.forEach(walk);
    };
    walk(tree);
    for (const a of links) {
      const target = decodedFragment(a.properties!.href as string);
      if (!ids.has(target) && ids.has(`user-content-${target}`)) a.properties!.href = `#user-content-${target}`;
    }
  };
}

/** `#a%20b` → `a b`; a fragment with broken percent-encoding is compared as written. */
function decodedFragment(href: string): string {
  try {
    return decodeURIComponent(href.slice(1));
  } catch {
    return href.slice(1);
  }
}

// HTML in a body is GitHub-flavoured Markdown too: parsed, then cleaned with GitHub's own
// allow-list (rehype-sanitize's default schema), so <details>, <sub>, <kbd> or an <img> show
// as on GitHub while <script>, <style>, <iframe>, inline styles and event handlers are
// dropped. Without it every HTML element was dropped, with the text inside it. As on GitHub,
// ids from the body get a "user-content-" prefix (an `id="__next_f"` would otherwise clobber
// the page's own scripts), given once by the sanitizer, and in-page links follow them.
const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype, { allowDangerousHtml: true, clobberPrefix: "" })
  .use(rehypeRaw)
  .use(rehypeSanitize, { ...defaultSchema, strip: [...(defaultSchema.strip ?? []), "style"] })
  .use(rehypeFollowPrefixedIds)
  .use(rehypeSlug)
  .use(rehypeAutolinkHeadings, { behavior: "wrap" })
  .use(rehypeAccessible)
  .use(rehypeStringify);

export interface Rendered {
  html: string;
  headings: Heading[];
  text: string;
}

/** Markdown → HTML (GFM, heading anchors), the heading outline and plain text, in one parse. */
export async function renderMarkdown(markdown: string): Promise<Rendered> {
  const tree = processor.parse(markdown) as MdNode;
  const blocks = (tree.children ?? []).map(plain);
  const hast = await processor.run(tree as never);
  const html = String(processor.stringify(hast as never));
  return { html, headings: outline(hast as never), text: blocks.filter(Boolean).join("\n\n") };
}

/**
 * Every heading of the rendered page, in order, with the id it carries there. Read from
 * the HTML tree rather than the Markdown one, because rehype-slug numbers repeated titles
 * over every heading on the page: a raw-HTML `<h2>`, or one inside a quote, would otherwise
 * shift the ids of the Markdown headings after it ("intro" in the outline, "intro-1" on the page).
 */
function outline(tree: Parameters<typeof headingRank>[0]): Heading[] {
  const found: Heading[] = [];
  const walk = (node: Parameters<typeof headingRank>[0]) => {
    const depth = headingRank(node);
    if (depth && node.type === "element") {
      const id = node.properties.id;
      found.push({ depth, text: hastText(node).replace(/\s+/g, " ").trim(), id: typeof id === "string" ? id : "" });
      return;
    }
    if ("children" in node) for (const child of node.children) walk(child as never);
  };
  walk(tree);
  return found;
}

function plain(node: MdNode): string {
  if (node.type === "text" || node.type === "inlineCode" || node.type === "code") return node.value ?? "";
  // The words of inline HTML (`<summary>Click</summary>`), not its tags, nor a script's or style's code.
  if (node.type === "html") return htmlText(node.value ?? "");
  if (!node.children) return "";
  if (node.type === "table") return node.children.map(plain).filter(Boolean).join(" ");
  // Excerpts and the /ask model read this text as prose: each table row and list item is
  // its own sentence ("laptop: 14-inch laptop; three years old."), not cells run together.
  if (node.type === "tableRow") {
    const cells = node.children.map(plain).filter(Boolean);
    return cells.length ? sentence(cells.length > 1 ? `${cells[0]}: ${cells.slice(1).join("; ")}` : cells[0]) : "";
  }
  if (node.type === "listItem") return sentence(node.children.map(plain).filter(Boolean).join(" "));
  const sep = node.type === "list" ? " " : "";
  return node.children.map(plain).join(sep).replace(/\s+/g, " ").trim();
}

/** Text ending in a sentence stop (a period added only where none is). */
function sentence(text: string): string {
  const t = text.replace(/\s+/g, " ").trim();
  return !t || /[.!?:;…]["”’)]*$/.test(t) ? t : `${t}.`;
}

export function countWords(text: string): number {
  return (text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).length;
}

function htmlText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?(<\/\1\s*>|$)/gi, " ")
    .replace(/<!--[\s\S]*?(-->|$)/g, " ")
    .replace(/<[^>]*>?/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const linkParser = unified().use(remarkParse).use(remarkGfm);
type Located = MdNode & { url?: string; position?: { start: { offset?: number }; end: { offset?: number } } };

/**
 * The Markdown with every site-relative link, image and link definition (`/resume`,
 * `![x](/generated/…)`, `[x]: /garage`) made absolute with `prefix` (the base token): a
 * twin is read away from the site, where `/resume` means nothing. What is written any other
 * way (already absolute, `#fragment`, `//host`, raw HTML, inside code) is left as it is.
 */
export function absoluteLinks(markdown: string, prefix: string): string {
  const edits: number[] = [];
  const walk = (node: Located) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (
      (node.type === "link" || node.type === "image" || node.type === "definition") &&
      node.url?.startsWith("/") &&
      !node.url.startsWith("//")
    ) {
      if (start !== undefined && end !== undefined) {
        const source = markdown.slice(start, end);
        // Where the destination is written: after "](" (or "](<") in a link, after "]:" in a definition.
        const marker = node.type === "definition" ? /\]:[ \t]*(?:\n[ \t]*)?<?/g : /\]\([ \t]*(?:\n[ \t]*)?<?/g;
        let at = -1;
        for (const m of source.matchAll(marker)) if (source.startsWith(node.url, m.index + m[0].length)) at = m.index + m[0].length;
        if (at >= 0) edits.push(start + at);
      }
    }
    node.children?.forEach((c) => walk(c as Located));
  };
  walk(linkParser.parse(markdown) as Located);
  let out = markdown;
  for (const at of edits.sort((a, b) => b - a)) out = out.slice(0, at) + prefix + out.slice(at);
  return out;
}

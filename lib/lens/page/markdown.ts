import type { AnyNode, Document, Element } from "domhandler";
import type { PageScan } from "./scan";
import { absolute, documentBase, isElement, SKIPPED, textOf } from "./dom";

/**
 * The main content as Markdown, rendered from the tree already parsed for the observation:
 * node-html-markdown and turndown each parse the HTML again and cost several times the whole
 * observation budget on a large page (bench/HISTORY.md#lens-markdown).
 */
const CHROME = ["nav", "aside", "footer", "form", "button", "select", "input", "textarea", "label", "dialog"];
const IGNORED = new Set([...SKIPPED, ...CHROME]);
export function mainContentMarkdown(scan: PageScan, doc: Document, finalUrl: string): string {
  const root = scan.main;
  const nodes = root ? root.children : doc.children;
  const base = documentBase(scan.baseHref, finalUrl);
  const isBody = !root || root.name === "body";
  const md = renderAll(nodes, { base, urls: new Map(), skipHeader: isBody, listDepth: 0, nest: 0 });
  // Tidy whitespace (spaces before a line break, one space opening a line) outside code
  // fences only: inside them it is the code.
  const tidy = (part: string) => part.replace(/[ \t]+\n/g, "\n").replace(/\n (?=\S)/g, "\n");
  const tidied = md.includes("```")
    ? md
        .split(/(\n```\n[\s\S]*?\n```\n)/)
        .map((part, i) => (i % 2 ? part : tidy(part)))
        .join("")
    : tidy(md);
  return tidied
    .replace(/\n{3,}/g, "\n\n")
    .replace(/^ /, "")
    .trim();
}

interface Ctx {
  base: URL;
  /** Resolved hrefs: pages repeat the same links, and each URL parse costs a microsecond or two. */
  urls: Map<string, string>;
  /** When the whole body stands in for the main content, its site header is chrome too. */
  skipHeader: boolean;
  listDepth: number;
  /** Lists, quotes and tables around this node. Each re-reads its rendered content (to indent or prefix it). */
  nest: number;
}

/**
 * Past this many nested lists, quotes and tables their content renders as plain blocks:
 * each level re-reads what it contains, so deep nesting costs time and memory beyond any
 * budget (bench/HISTORY.md#markdown-nesting); no real page nests this deep.
 */
const MAX_NEST = 6;

function renderAll(nodes: readonly AnyNode[], ctx: Ctx): string {
  let out = "";
  for (const n of nodes) out += render(n, ctx);
  return out;
}

function render(node: AnyNode, ctx: Ctx): string {
  if (node.type === "text") return node.data.replace(/\s+/g, " ");
  if (!isElement(node)) return "";
  const name = node.name;
  if (IGNORED.has(name) || node.attribs.hidden !== undefined || node.attribs["aria-hidden"] === "true") return "";
  if (name === "header" && ctx.skipHeader) return "";
  const inner = () => renderAll(node.children, ctx);
  switch (name) {
    case "h1":
    case "h2":
    case "h3":
    case "h4":
    case "h5":
    case "h6": {
      const text = inner().replace(/\s+/g, " ").trim();
      return text ? `\n\n${"#".repeat(Number(name[1]))} ${text}\n\n` : "";
    }
    case "br":
      return "  \n";
    case "hr":
      return "\n\n---\n\n";
    case "strong":
    case "b":
      return wrap(inner(), "**");
    case "em":
    case "i":
      return wrap(inner(), "_");
    case "s":
    case "del":
      return wrap(inner(), "~~");
    case "code":
      return codeSpan(textOf(node));
    case "pre":
      return `\n\n\`\`\`\n${textOf(node).replace(/\n$/, "")}\n\`\`\`\n\n`;
    case "a": {
      const text = inner().replace(/\s+/g, " ").trim();
      const href = node.attribs.href?.trim();
      if (!href || /^javascript:/i.test(href) || !text) return text;
      return `[${text}](${resolve(href, ctx)})`;
    }
    case "img": {
      const src = node.attribs.src?.trim();
      return src ? `![${(node.attribs.alt ?? "").replace(/\s+/g, " ").trim()}](${resolve(src, ctx)})` : "";
    }
    case "ul":
    case "ol":
      return ctx.nest >= MAX_NEST ? `\n\n${inner()}\n\n` : list(node, { ...ctx, nest: ctx.nest + 1 });
    case "blockquote": {
      if (ctx.nest >= MAX_NEST) return `\n\n${inner()}\n\n`;
      const body = renderAll(node.children, { ...ctx, nest: ctx.nest + 1 })
        .replace(/\n{3,}/g, "\n\n")
        .trim();
      return body
        ? `\n\n${body
            .split("\n")
            .map((l) => `> ${l}`.trimEnd())
            .join("\n")}\n\n`
        : "";
    }
    case "table":
      return ctx.nest >= MAX_NEST ? `\n\n${inner()}\n\n` : table(node, { ...ctx, nest: ctx.nest + 1 });
    case "dt":
      return `\n\n**${inner().trim()}**\n`;
    case "dd":
      return `: ${inner().trim()}\n`;
    default:
      // No trim: concatenation is cheap (V8 ropes) but trim copies, once per level of nesting; the final tidy removes the spaces.
      return isBlock(name) ? `\n\n${inner()}\n\n` : inner();
  }
}

function resolve(href: string, ctx: Ctx): string {
  let url = ctx.urls.get(href);
  if (url === undefined) {
    url = absolute(href, ctx.base);
    ctx.urls.set(href, url);
  }
  return url;
}

function list(node: Element, ctx: Ctx): string {
  const ordered = node.name === "ol";
  let n = Number(node.attribs.start ?? 1) || 1;
  const indent = "   ".repeat(ctx.listDepth);
  const items: string[] = [];
  for (const child of node.children) {
    if (!isElement(child) || child.name !== "li") continue;
    const marker = ordered ? `${n++}.` : "-";
    const body = renderAll(child.children, { ...ctx, listDepth: ctx.listDepth + 1 })
      .replace(/\n{2,}/g, "\n")
      .trim();
    if (!body) continue;
    const [first, ...rest] = body.split("\n");
    items.push(
      [`${indent}${marker} ${first.trim()}`, ...rest.map((l) => (l.startsWith(indent + "   ") ? l : `${indent}   ${l.trim()}`))].join("\n"),
    );
  }
  return items.length ? `\n\n${items.join("\n")}\n\n` : "";
}

function table(node: Element, ctx: Ctx): string {
  const rows: string[][] = [];
  const visit = (n: AnyNode) => {
    if (!isElement(n)) return;
    if (n.name === "tr") {
      rows.push(
        n.children
          .filter((c): c is Element => isElement(c) && (c.name === "td" || c.name === "th"))
          .map((c) => renderAll(c.children, ctx).replace(/\s+/g, " ").replace(/\|/g, "\\|").trim()),
      );
    } else if (n.name !== "table" || n === node) n.children.forEach(visit);
  };
  visit(node);
  const width = Math.max(0, ...rows.map((r) => r.length));
  if (width === 0) return "";
  const line = (r: string[]) => `| ${Array.from({ length: width }, (_, i) => r[i] ?? "").join(" | ")} |`;
  return `\n\n${[line(rows[0]), line(Array(width).fill("---")), ...rows.slice(1).map(line)].join("\n")}\n\n`;
}

const BLOCK_NAMES = new Set([
  "p",
  "div",
  "section",
  "article",
  "main",
  "header",
  "figure",
  "figcaption",
  "details",
  "summary",
  "address",
  "dl",
  "center",
  "li",
  "body",
  "html",
]);
function isBlock(name: string) {
  return BLOCK_NAMES.has(name);
}

function wrap(text: string, mark: string): string {
  const t = text.replace(/\s+/g, " ");
  const core = t.trim();
  if (!core) return t;
  return `${t.startsWith(" ") ? " " : ""}${mark}${core}${mark}${t.endsWith(" ") ? " " : ""}`;
}

function codeSpan(text: string): string {
  const t = text.replace(/\s+/g, " ");
  if (!t.trim()) return "";
  const fence = t.includes("`") ? "``" : "`";
  return `${fence}${t}${fence}`;
}

import { load } from "cheerio/slim";
import type { AnyNode, Document, Element } from "domhandler";

/**
 * One parse per observation, with htmlparser2 (cheerio/slim): every page-derived field is
 * read from this tree, because each extra parse of a 200 KB page costs as much as the fetch.
 */
export function parseHtml(html: string): Document {
  return pruneDeep(load(html).root()[0] as Document);
}

/**
 * Chrome's HTML parser stops nesting at 512 levels; htmlparser2 does not, and every reader
 * of the tree here recurses, so a page of 100,000 nested <div>s would overflow the stack.
 * Elements deeper than this lose their children (iteratively, so the pruning cannot overflow).
 */
export const MAX_DEPTH = 512;

function pruneDeep(doc: Document): Document {
  const stack: [AnyNode, number][] = [[doc, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (!("children" in node)) continue;
    if (depth >= MAX_DEPTH) {
      node.children = [];
      continue;
    }
    for (const child of node.children) stack.push([child, depth + 1]);
  }
  return doc;
}

export const SKIPPED = new Set(["script", "style", "noscript", "template", "svg", "math", "head", "iframe", "object", "canvas"]);

export const BLOCKS = new Set([
  "address", "article", "aside", "blockquote", "body", "br", "dd", "details", "dialog", "div", "dl", "dt", "fieldset",
  "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "html", "li", "main",
  "nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
]);

export function isElement(node: AnyNode): node is Element {
  return node.type === "tag" || node.type === "script" || node.type === "style";
}

export function collapse(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}

/** Words: runs of letters or digits (apostrophes, hyphens and underscores inside a word allowed). */
export function countWords(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const wordChar =
      (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c > 127 && WORD_CHAR.test(text[i]));
    if (wordChar) {
      if (!inWord) words++;
      inWord = true;
    } else if (!(inWord && (c === 39 || c === 45 || c === 95 || c === 0x2019))) {
      inWord = false;
    }
  }
  return words;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** The page's base for relative links: <base href> when given, else the final URL. */
export function documentBase(baseHref: string | null, finalUrl: string): URL {
  try {
    return new URL(baseHref ?? finalUrl, finalUrl);
  } catch {
    return new URL(finalUrl);
  }
}

export function absolute(href: string, base: URL): string {
  try {
    return new URL(href.trim(), base).href;
  } catch {
    return href.trim();
  }
}

/** Text content of a subtree as written (no collapsing); <br> is a line break. */
export function textOf(node: AnyNode): string {
  if (node.type === "text") return node.data;
  if (!isElement(node)) return "";
  if (node.name === "br") return "\n";
  return node.children.map(textOf).join("");
}

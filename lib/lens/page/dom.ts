import { Parser } from "htmlparser2";
import { DomHandler, type AnyNode, type Document, type Element } from "domhandler";

/**
 * Chrome stops nesting elements at 512 levels. htmlparser2 does not, and it keeps its stack
 * of open elements with `unshift`, so 100,000 unclosed <div>s took 3.8 s to parse (quadratic),
 * and every reader of the tree here recurses. Parsing stops at the first element deeper
 * than this; the observation reports the page as parse-truncated.
 */
export const MAX_DEPTH = 512;

class TooDeep extends Error {}

class DepthLimitedHandler extends DomHandler {
  depth = 0;
  override onopentag(name: string, attribs: Record<string, string>) {
    if (++this.depth > MAX_DEPTH) throw new TooDeep();
    super.onopentag(name, attribs);
  }
  override onclosetag() {
    this.depth--;
    super.onclosetag();
  }
}

/**
 * One parse per observation, with htmlparser2: every page-derived field is read from this
 * tree, because each extra parse of a large page costs as much as its fetch
 * (bench/HISTORY.md#lens-markdown).
 */
export function parseHtml(html: string): { doc: Document; tooDeep: boolean } {
  const handler = new DepthLimitedHandler();
  try {
    new Parser(handler).end(html);
    return { doc: handler.root, tooDeep: false };
  } catch (e) {
    if (!(e instanceof TooDeep)) throw e;
    // What was built up to the element that went too deep is a well-formed tree.
    return { doc: handler.root, tooDeep: true };
  }
}

export const SKIPPED = new Set(["script", "style", "noscript", "template", "svg", "math", "head", "iframe", "object", "canvas"]);

export const BLOCKS = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "body",
  "br",
  "dd",
  "details",
  "dialog",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "html",
  "li",
  "main",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "summary",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "tr",
  "ul",
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
    const wordChar = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c > 127 && WORD_CHAR.test(text[i]));
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

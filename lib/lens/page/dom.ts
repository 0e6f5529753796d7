import { load, type CheerioAPI } from "cheerio/slim";
import type { AnyNode, Element } from "domhandler";

/**
 * One parse per observation, with htmlparser2 (cheerio/slim): every page-derived field is
 * read from this tree, because each extra parse of a 200 KB page costs as much as the fetch.
 */
export function parseHtml(html: string): CheerioAPI {
  return load(html);
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

/** Visible text of a subtree, blocks on their own lines, runs of whitespace collapsed. */
export function visibleText(nodes: readonly AnyNode[]): string {
  const out: string[] = [];
  const walk = (list: readonly AnyNode[]) => {
    for (const node of list) {
      if (node.type === "text") out.push(node.data);
      else if (isElement(node)) {
        if (SKIPPED.has(node.name) || node.attribs.hidden !== undefined) continue;
        const block = BLOCKS.has(node.name);
        if (block) out.push("\n");
        walk(node.children);
        if (block) out.push("\n");
      }
    }
  };
  walk(nodes);
  return out
    .join("")
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}

export function collapse(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}

export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu)?.length ?? 0;
}

/** The page's base for relative links: <base href> when given, else the final URL. */
export function documentBase($: CheerioAPI, finalUrl: string): URL {
  const href = $("base[href]").first().attr("href");
  try {
    return new URL(href ?? finalUrl, finalUrl);
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

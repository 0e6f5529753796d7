import type { AnyNode, Element } from "domhandler";
import { BLOCKS, isElement, SKIPPED, textOf } from "./dom";

/**
 * Everything the page fields need, gathered in one walk of the parsed tree. Each cheerio
 * selector is its own walk of every node, and a dozen of them cost as much as the parse.
 */
export interface PageScan {
  title: string | null;
  metas: Element[];
  /** <link>, <a> and <area> elements with both rel and href. */
  relElements: Element[];
  /** hrefs of every <link> and <a>, for spotting an llms.txt. */
  hrefs: string[];
  baseHref: string | null;
  jsonLdTexts: string[];
  itemtypes: string[];
  itemprops: string[];
  typeofs: string[];
  properties: string[];
  classes: string[];
  imgTotal: number;
  /** Images with no alt attribute at all; alt="" marks a decorative image and counts as described. */
  imgNoAlt: number;
  headings: { level: number; text: string }[];
  /** Visible text (everything outside <head>, scripts, styles and hidden elements), one block per line. */
  text: string;
  /** The element whose content is the page's main content: main, [role=main], article, else body. */
  main: Element | null;
}

const MAX_HEADINGS = 500;

export function scanPage(root: AnyNode): PageScan {
  const scan: PageScan = {
    title: null,
    metas: [],
    relElements: [],
    hrefs: [],
    baseHref: null,
    jsonLdTexts: [],
    itemtypes: [],
    itemprops: [],
    typeofs: [],
    properties: [],
    classes: [],
    imgTotal: 0,
    imgNoAlt: 0,
    headings: [],
    text: "",
    main: null,
  };
  let main: Element | null = null;
  let roleMain: Element | null = null;
  let article: Element | null = null;
  let body: Element | null = null;
  // Visible text, one line per block: text nodes gather in `run` until a block boundary.
  const lines: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length === 0) return;
    const line = run.join("").replace(/\s+/g, " ").trim();
    if (line) lines.push(line);
    run = [];
  };
  // Text of the headings being read (nested headings are invalid HTML but happen).
  const open: { level: number; parts: string[] }[] = [];

  const walk = (nodes: readonly AnyNode[], visible: boolean) => {
    for (const node of nodes) {
      if (node.type === "text") {
        if (visible) run.push(node.data);
        for (const h of open) h.parts.push(node.data);
        continue;
      }
      if (!isElement(node)) continue;
      const name = node.name;
      const a = node.attribs;
      switch (name) {
        case "title":
          if (scan.title === null) scan.title = textOf(node);
          continue;
        case "meta":
          scan.metas.push(node);
          break;
        case "base":
          if (scan.baseHref === null && a.href) scan.baseHref = a.href;
          break;
        case "img":
          scan.imgTotal++;
          if (a.alt === undefined) scan.imgNoAlt++;
          break;
        case "script":
          if ((a.type ?? "").trim().toLowerCase().split(";")[0] === "application/ld+json") scan.jsonLdTexts.push(textOf(node));
          continue;
        case "main":
          main ??= node;
          break;
        case "article":
          article ??= node;
          break;
        case "body":
          body ??= node;
          break;
      }
      if (a.rel !== undefined && a.href !== undefined && (name === "link" || name === "a" || name === "area")) scan.relElements.push(node);
      if (a.href !== undefined && (name === "link" || name === "a")) scan.hrefs.push(a.href);
      if (a.role === "main") roleMain ??= node;
      if (a.itemtype) scan.itemtypes.push(...a.itemtype.split(/\s+/));
      if (a.itemprop) scan.itemprops.push(...a.itemprop.split(/\s+/));
      if (a.typeof) scan.typeofs.push(...a.typeof.split(/\s+/));
      if (a.property) scan.properties.push(...a.property.split(/\s+/));
      if (a.class && a.class.includes("h-")) scan.classes.push(...a.class.split(/\s+/));

      // Headings inside headings are invalid but happen; past six deep they are not recorded
      // (every text node is copied to each open heading, so 500 nested ones were quadratic).
      const heading = name.length === 2 && name[0] === "h" && name[1] >= "1" && name[1] <= "6" && open.length < 6;
      if (heading) open.push({ level: Number(name[1]), parts: [] });
      // <head> is in SKIPPED, so what is visible is what a reader of the body sees.
      const nowVisible = visible && !SKIPPED.has(name) && a.hidden === undefined;
      const block = BLOCKS.has(name);
      if (block) flush();
      walk(node.children, nowVisible);
      if (block) flush();
      if (heading) {
        const h = open.pop()!;
        if (scan.headings.length < MAX_HEADINGS) scan.headings.push({ level: h.level, text: h.parts.join("").replace(/\s+/g, " ").trim() });
      }
    }
  };
  const children = "children" in root ? (root as { children: AnyNode[] }).children : [];
  walk(children, true);
  flush();
  scan.text = lines.join("\n");
  scan.main = main ?? roleMain ?? article ?? body;
  return scan;
}

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
import type { GalleryPhoto, Heading } from "./types";
import { splitDates } from "./dates";
import { rehypeTypography } from "./typography";

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

/** A date in running text ("15 September 2026") is one unit a line never breaks: `<span class="date">` (globals.css). */
function rehypeDates() {
  const skip = new Set(["code", "pre", "time", "script", "style"]);
  return (tree: HastNode) => {
    const walk = (node: HastNode) => {
      if (!node.children || (node.tagName && skip.has(node.tagName))) return;
      node.children = node.children.flatMap((child) => {
        if (child.type !== "text") {
          walk(child);
          return [child];
        }
        const parts = splitDates(String((child as { value?: string }).value ?? ""));
        if (parts.length === 1) return [child];
        return parts
          .map((value, i) =>
            i % 2 === 1
              ? el("span", { className: ["date"] }, [{ type: "text", value } as HastNode])
              : ({ type: "text", value } as HastNode),
          )
          .filter((n) => n.type !== "text" || (n as { value?: string }).value);
      });
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

/** A body places a photo of the gallery with an image of its page: `![alt](/photos/<stem>)`. */
export const GALLERY_IMAGE = /^\/photos\/([A-Za-z0-9][A-Za-z0-9_-]*)$/;
/** The gallery as one rendering sees it (renderMarkdown's `photo`). */
type GalleryLookup = (stem: string) => GalleryPhoto | undefined;
type Element = HastNode & { type: "element"; tagName: string; properties: Record<string, unknown>; children: HastNode[] };
const el = (tagName: string, properties: Record<string, unknown>, children: HastNode[] = []): Element => ({
  type: "element",
  tagName,
  properties,
  children,
});
const galleryImageOf = (node: HastNode) =>
  node.tagName === "img" && typeof node.properties?.src === "string" ? GALLERY_IMAGE.exec(node.properties.src)?.[1] : undefined;

/**
 * A paragraph of nothing but gallery images becomes figures: one photo at the text's width,
 * several side by side. Each is the photo as its page shows it (AVIF and JPEG, its own
 * size, lazily loaded), linked to that page, with its title and film simulation beneath;
 * its alt text is the Markdown's, else its caption. Where the photo is unknown (the build
 * has no photos yet, or the file is gone: the link check names it) the figure is a link to
 * its page; one in running text, a link to it. Runs after the sanitizer: these elements are the site's own, not the body's.
 */
function rehypeGalleryPhotos() {
  return (tree: HastNode, file: { data: object }) => {
    const lookup = (file.data as { gallery?: GalleryLookup }).gallery;
    const walk = (node: HastNode) => {
      if (!node.children) return;
      node.children = node.children.map((child) => {
        if (child.tagName !== "p" || !child.children) return child;
        const items = child.children.filter(
          (c) => !(c.type === "text" && !/\S/.test(String((c as { value?: string }).value ?? ""))) && c.tagName !== "br",
        );
        if (!items.length || !items.every((c) => galleryImageOf(c))) return inlineGalleryImages(child, lookup);
        const figures = items.map((img) => galleryFigure(img, lookup, items.length));
        return figures.length === 1 ? figures[0] : el("div", { className: ["photo-row"] }, figures);
      });
      node.children.forEach(walk);
    };
    walk(tree);
  };
}

/** A gallery image in running text is no figure: a link to the photo's page, named by its alt text or title. */
function inlineGalleryImages(node: HastNode, lookup: GalleryLookup | undefined): HastNode {
  const stem = galleryImageOf(node);
  if (stem) {
    const name = String(node.properties?.alt ?? "").trim() || lookup?.(stem)?.title || stem;
    return el("a", { href: `/photos/${stem}` }, [{ type: "text", value: name } as HastNode]);
  }
  if (node.children) node.children = node.children.map((c) => inlineGalleryImages(c, lookup));
  return node;
}

function galleryFigure(img: HastNode, lookup: GalleryLookup | undefined, inRow: number): Element {
  const stem = galleryImageOf(img)!;
  const href = `/photos/${stem}`;
  const written = String(img.properties?.alt ?? "").trim();
  const photo = lookup?.(stem);
  if (!photo)
    return el("figure", { className: ["photo-embed"] }, [el("a", { href }, [{ type: "text", value: written || stem } as HastNode])]);
  const shape = photo.height > photo.width ? "portrait" : "landscape";
  // The prose column is 42rem at most; a row shares it.
  const sizes = inRow > 1 ? `(min-width: 42rem) ${Math.round(42 / inRow)}rem, 50vw` : "(min-width: 42rem) 42rem, 100vw";
  const picture = el("picture", { className: ["photo-box"], style: `aspect-ratio: ${photo.width} / ${photo.height}` }, [
    ...(photo.avifSrcset ? [el("source", { type: "image/avif", srcSet: photo.avifSrcset, sizes })] : []),
    el("img", {
      src: photo.src,
      srcSet: photo.srcset,
      sizes,
      width: photo.width,
      height: photo.height,
      alt: written || photo.caption || photo.title,
      loading: "lazy",
      decoding: "async",
    }),
  ]);
  const caption = el("figcaption", {}, [
    el("a", { href }, [{ type: "text", value: photo.title } as HastNode]),
    ...(photo.note
      ? [
          { type: "text", value: " " } as HastNode,
          el("span", { className: ["photo-embed-note"] }, [{ type: "text", value: photo.note } as HastNode]),
        ]
      : []),
  ]);
  return el("figure", { className: ["photo-embed", `photo-embed-${shape}`] }, [
    el("a", { href, className: ["photo-embed-link"] }, [picture]),
    caption,
  ]);
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
  .use(rehypeGalleryPhotos)
  .use(rehypeDates)
  .use(rehypeFollowPrefixedIds)
  .use(rehypeSlug)
  .use(rehypeAutolinkHeadings, { behavior: "wrap" })
  // After the slugs: a heading's anchor stays what it was with straight quotes.
  .use(rehypeTypography)
  .use(rehypeAccessible)
  .use(rehypeStringify);

export interface Rendered {
  html: string;
  headings: Heading[];
  text: string;
  /** The text without its code blocks: what an excerpt quotes (a search result's, an answer's). */
  prose: string;
}

/**
 * Markdown → HTML (GFM, heading anchors), the heading outline and plain text, in one parse.
 * `photo` is the gallery the body's photos are shown from (rehypeGalleryPhotos).
 */
export async function renderMarkdown(markdown: string, o: { photo?: GalleryLookup } = {}): Promise<Rendered> {
  const tree = processor.parse(markdown) as MdNode;
  const blocks = (tree.children ?? []).map((n) => plain(n));
  const prose = (tree.children ?? []).map((n) => plain(n, false));
  const hast = await processor.run(tree as never, { data: { gallery: o.photo } } as never);
  const html = String(processor.stringify(hast as never));
  return { html, headings: outline(hast as never), text: blocks.filter(Boolean).join("\n\n"), prose: prose.filter(Boolean).join("\n\n") };
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

/** A node's words; `code: false` leaves out code blocks (not inline code, which is part of a sentence). */
function plain(node: MdNode, code = true): string {
  if (node.type === "code") return code ? (node.value ?? "") : "";
  if (node.type === "text" || node.type === "inlineCode") return node.value ?? "";
  // The words of inline HTML (`<summary>Click</summary>`), not its tags, nor a script's or style's code.
  if (node.type === "html") return htmlText(node.value ?? "");
  if (!node.children) return "";
  const inner = (n: MdNode) => plain(n, code);
  if (node.type === "table") return node.children.map(inner).filter(Boolean).join(" ");
  // Excerpts and the /ask model read this text as prose: each table row and list item is
  // its own sentence ("laptop: 14-inch laptop; three years old."), not cells run together.
  if (node.type === "tableRow") {
    const cells = node.children.map(inner).filter(Boolean);
    return cells.length ? sentence(cells.length > 1 ? `${cells[0]}: ${cells.slice(1).join("; ")}` : cells[0]) : "";
  }
  if (node.type === "listItem") return sentence(node.children.map(inner).filter(Boolean).join(" "));
  const sep = node.type === "list" ? " " : "";
  return node.children.map(inner).join(sep).replace(/\s+/g, " ").trim();
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

/**
 * The Markdown with each gallery image (`![alt](/photos/<stem>)`) the gallery knows made an
 * image of the photo's file linked to its page, `[![alt](<file> "<title>")](/photos/<stem>)`:
 * what a twin's reader can show, where the page's own address is no image. One in running
 * text becomes a link to the page, as on the page. Site-relative,
 * like the body (absoluteLinks comes after).
 */
export function galleryImageLinks(markdown: string, photo: GalleryLookup): string {
  const edits: { start: number; end: number; text: string }[] = [];
  type Img = Located & { alt?: string | null };
  const stemOf = (n: Img) => (n.type === "image" && n.url ? GALLERY_IMAGE.exec(n.url)?.[1] : undefined);
  const walk = (node: Img) => {
    const kids = (node.children ?? []) as Img[];
    // As on the page: a paragraph of gallery images only shows them; elsewhere one is a link.
    const shown =
      node.type === "paragraph" && kids.every((c) => stemOf(c) || (c.type === "text" && !/\S/.test(c.value ?? "")) || c.type === "break");
    for (const c of kids) {
      const stem = stemOf(c);
      const found = stem ? photo(stem) : undefined;
      const start = c.position?.start.offset;
      const end = c.position?.end.offset;
      if (!found || start === undefined || end === undefined) {
        if (c.type !== "link") walk(c);
        continue;
      }
      const alt = (c.alt?.trim() || (shown ? found.caption : null) || found.title).replace(/[\\[\]]/g, "\\$&");
      const title = found.title.replace(/["\\]/g, "\\$&");
      edits.push({ start, end, text: shown ? `[![${alt}](${found.src} "${title}")](${found.href})` : `[${alt}](${found.href})` });
    }
  };
  walk(linkParser.parse(markdown) as Img);
  let out = markdown;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

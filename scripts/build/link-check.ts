import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { unified } from "unified";
import remarkParse from "remark-parse";
import remarkGfm from "remark-gfm";
import { BASE_TOKEN } from "@/lib/content/base-token";
import type { Doc } from "@/lib/content/types";
import { normalizePath, pageOfMdPath } from "@/lib/site/page-index";

/** What a site path of this build can lead to; the build fills it in (scripts/build/site.ts). */
export interface LinkTargets {
  /** Each content document's URL, with the ids its page carries: what a `#fragment` may name. */
  docs: ReadonlyMap<string, ReadonlySet<string>>;
  /** Every other path a GET reads on this build: the app's pages, indexes, photo pages, the API's files. */
  served: ReadonlySet<string>;
  /** Whether a file of `public/` (this build's `public/generated/` included) is served at this path. */
  isFile: (sitePath: string) => boolean;
  /** The pages of live features (lib/features) and how each is set: a page only while its feature is on. */
  gated?: ReadonlyMap<string, { feature: string; setting: "auto" | boolean }>;
}

export interface SiteLink {
  kind: "link" | "image" | "link definition";
  /** As written in the Markdown. */
  url: string;
  /** 1-based, in the Markdown given. */
  line: number;
}

export interface BrokenLink extends SiteLink {
  reason: string;
}

type MdNode = { type: string; url?: string; children?: MdNode[]; position?: { start: { line: number } } };

const parser = unified().use(remarkParse).use(remarkGfm);

/**
 * Every link, image and link definition whose destination is a path of this site: `/x`, or
 * `{{base}}/x` (the build writes the site's address there). The same nodes absoluteLinks
 * (markdown.ts) rewrites; links in code and raw HTML are not nodes, so they are not here.
 */
export function siteLinks(markdown: string): SiteLink[] {
  const found: SiteLink[] = [];
  const walk = (node: MdNode) => {
    const kind =
      node.type === "link" ? "link" : node.type === "image" ? "image" : node.type === "definition" ? "link definition" : undefined;
    if (kind && node.url !== undefined && sitePath(node.url) !== undefined)
      found.push({ kind, url: node.url, line: node.position?.start.line ?? 1 });
    node.children?.forEach(walk);
  };
  walk(parser.parse(markdown) as MdNode);
  return found;
}

/** The links given that lead nowhere on this build, each with why. */
export function brokenLinks(links: readonly SiteLink[], targets: LinkTargets): BrokenLink[] {
  return links.flatMap((link) => {
    const reason = whyBroken(link, targets);
    return reason ? [{ ...link, reason }] : [];
  });
}

/**
 * A document's site links, numbered by the line of its file (`raw`: the file as read, front
 * matter and all). Parsing is the check's whole cost (about 10 ms a document), so the build
 * keeps these with the document's cache entry and parses only the files that changed.
 */
export function fileLinks(raw: string | undefined, body: string): SiteLink[] {
  const before = linesBefore(raw ?? body, body);
  return siteLinks(body).map((l) => ({ ...l, line: l.line + before }));
}

/** A build-log line for each link of each file that leads nowhere on this build. */
export function linkWarnings(files: readonly { source: string; links: readonly SiteLink[] }[], targets: LinkTargets): string[] {
  return files.flatMap((f) => brokenLinks(f.links, targets).map((b) => brokenLinkLine(`content/${f.source}`, b)));
}

/** The ids a document's page carries from its body: its headings', and any an anchor or footnote gives. */
export function documentIds(doc: Pick<Doc, "headings" | "html">): Set<string> {
  return new Set([...doc.headings.map((h) => h.id), ...[...doc.html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1])]);
}

/**
 * Whether a site path is a file the build serves from `public/`: `/generated/…` from
 * `generated` (what the build writes: photo renditions, share cards), anything else from
 * `root` (the owner's own files; none are known without it).
 */
export function publicFiles(dirs: { generated: string; root?: string }): (sitePath: string) => boolean {
  return (sitePath) => {
    const inGenerated = sitePath.startsWith("/generated/");
    const dir = inGenerated ? dirs.generated : dirs.root;
    if (!dir) return false;
    const file = path.join(dir, inGenerated ? sitePath.slice("/generated/".length) : sitePath);
    return statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  };
}

/**
 * The files Next serves from the top of app/ by their names alone (favicon.ico, icon.svg,
 * apple-icon.png…): neither pages nor files of public/, yet a body may show them.
 */
export function appMetadataFiles(appDir: string): string[] {
  return readdirSync(appDir)
    .filter((name) => /^(favicon\.ico|(icon|apple-icon)\d*\.(ico|jpe?g|png|svg))$/.test(name))
    .map((name) => `/${name}`);
}

/** One build-log line: `content/writing/x.md:12: link /garage/y: no page or file of this build has that path`. */
export function brokenLinkLine(file: string, link: BrokenLink): string {
  return `${file}:${link.line}: ${link.kind} ${link.url}: ${link.reason}`;
}

/** Where the body starts in its file (0 when it is the whole file), so a body's line numbers become the file's. */
export function linesBefore(raw: string, body: string): number {
  // The body is the file's end (trimmed), so its last occurrence is where it starts.
  const at = raw.lastIndexOf(body);
  return at > 0 ? raw.slice(0, at).split("\n").length - 1 : 0;
}

function whyBroken(link: SiteLink, t: LinkTargets): string | undefined {
  const written = sitePath(link.url)!;
  const hash = written.indexOf("#");
  const page = pathOf(written.slice(0, hash < 0 ? undefined : hash).split("?")[0]);
  const fragment = hash < 0 ? "" : decoded(written.slice(hash + 1));
  const gate = t.gated?.get(pageOfMdPath(page) ?? page);
  if (gate?.setting === false) return `a page of features.${gate.feature}, which is turned off in site.config.ts`;
  if (gate?.setting === "auto")
    return `a page of features.${gate.feature}, which is "auto": a 404 whenever the server starts without what it needs (set it to true in site.config.ts to link it)`;
  const ids = t.docs.get(page);
  if (ids) return !fragment || ids.has(fragment) ? undefined : `${page} has no section #${fragment}`;
  const twinOf = pageOfMdPath(page);
  // Fragments of the other pages are not known here (the app renders them): not guessed at.
  if (t.served.has(page) || (twinOf !== undefined && (t.docs.has(twinOf) || t.served.has(twinOf))) || t.isFile(page)) return undefined;
  return link.kind === "image" ? "no such file in public/" : "no page or file of this build has that path";
}

/** `/x`, or `{{base}}/x` as `/x`; undefined for anything else (`https:`, `mailto:`, `//host`, `#top`, `x.md`). */
function sitePath(url: string): string | undefined {
  const rest = url.startsWith(BASE_TOKEN) ? url.slice(BASE_TOKEN.length) || "/" : url;
  return rest.startsWith("/") && !rest.startsWith("//") ? rest : undefined;
}

/** What a browser asks for: `/a/../b/%C3%A9/` → `/b/é`. */
function pathOf(p: string): string {
  return normalizePath(path.posix.normalize(decoded(p)));
}

function decoded(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

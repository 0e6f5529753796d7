import { siteConfig } from "@/site.config";
import { COLLECTIONS, COLLECTION_NAMES, INDEXED_COLLECTIONS, declarationOf, type Collection } from "./collections";
import { BASE_TOKEN as B } from "./base-token";
import { absoluteLinks, galleryImageLinks } from "./markdown";
import type { Doc, GalleryPhoto } from "./types";
import { TAGS_INTRO, TAGS_PATH, tagDescription, tagLabel, tagPath, tagTitle, taggedDocs } from "./tags";
import { indexIntro } from "./intros";

/**
 * Markdown twins: what an agent gets for `Accept: text/markdown` or `<path>.md`. Content
 * pages are their own Markdown under a short header; index pages are generated lists.
 */
export function docTwin(doc: Doc, photo?: (stem: string) => GalleryPhoto | undefined, around: Neighbours = {}): string {
  const facts = [
    `- URL: ${B}${doc.url}`,
    `- Kind: ${doc.kind}${sharesKind(doc.collection) ? ` (${COLLECTIONS[doc.collection].noun})` : ""}`,
    doc.date ? `- Published: ${doc.date}` : "",
    doc.updated ? `- Updated: ${doc.updated}` : "",
    doc.tags.length ? `- Tags: ${doc.tags.map((t) => `[${tagLabel(t)}](${B}${tagPath(t)}.md)`).join(", ")}` : "",
    doc.endpoint ? `- Endpoint: ${B}${doc.endpoint}` : "",
  ].filter(Boolean);
  return `# ${doc.title}\n\n> ${doc.description}\n\n${facts.join("\n")}\n\n${absoluteLinks(photo ? galleryImageLinks(doc.body, photo) : doc.body, B)}\n${neighbourLines(around)}`;
}

/** A collection that reports a kind an earlier-declared one already reports (garage notes report "writing") says which it is. */
const sharesKind = (c: Collection) => COLLECTION_NAMES.find((o) => COLLECTIONS[o].kind === COLLECTIONS[c].kind) !== c;

type Neighbours = { prev?: Doc; next?: Doc };

/** The essays or notes listed before and after one, in its index's order (newest first), as the page's pager shows them. */
export function docNeighbours(docs: readonly Doc[], doc: Doc): Neighbours {
  if (!COLLECTIONS[doc.collection].dated) return {};
  const list = docs.filter((d) => d.collection === doc.collection);
  const i = list.findIndex((d) => d.url === doc.url);
  return i < 0 ? {} : { prev: list[i - 1], next: list[i + 1] };
}

function neighbourLines({ prev, next }: Neighbours): string {
  const link = (d: Doc) => `[${d.title}](${B}${d.url}.md)`;
  const lines = [...(prev ? [`Previous: ${link(prev)}`] : []), ...(next ? [`Next: ${link(next)}`] : [])];
  return lines.length ? `\n${lines.join("\n\n")}\n` : "";
}

const item = (d: Doc) => `- [${d.title}](${B}${d.url}.md): ${d.description}${d.date ? ` (${d.date})` : ""}`;

export function indexTwin(collection: Collection, docs: Doc[], intro: string): string {
  const list = docs.filter((d) => d.collection === collection);
  return `# ${COLLECTIONS[collection].label}\n\n> ${intro}\n\n${list.map(item).join("\n")}\n`;
}

/** The home page's twin: the site's summary, then a section per collection that declares one (`home`), dated ones first. */
export function homeTwin(docs: Doc[]): string {
  // The dated collections' latest entries first, then the standing lists.
  const order = [...COLLECTION_NAMES].sort((a, b) => Number(COLLECTIONS[b].dated) - Number(COLLECTIONS[a].dated));
  const sections = order.flatMap((c) => {
    const home = declarationOf(c).home;
    if (!home) return [];
    const list = docs.filter((d) => d.collection === c).slice(0, home.limit ?? Infinity);
    return [`## ${home.heading}`, "", list.map(item).join("\n"), ""];
  });
  return [
    `# ${siteConfig.name}`,
    "",
    `> ${siteConfig.description}`,
    "",
    "This site is also a keyless, read-only JSON API:",
    `see [the developer guide](${B}/developers.md) and [the OpenAPI description](${B}/openapi.json).`,
    "",
    ...sections,
  ].join("\n");
}

/** Every generated twin; `photo` is the gallery the bodies' photos are shown from (galleryImageLinks). */
export function generatedTwins(docs: Doc[], photo?: (stem: string) => GalleryPhoto | undefined): Record<string, string> {
  const twins: Record<string, string> = { "/": homeTwin(docs) };
  for (const c of INDEXED_COLLECTIONS) twins[COLLECTIONS[c].base] = indexTwin(c, docs, indexIntro(c));
  for (const d of docs) twins[d.url] = docTwin(d, photo, docNeighbours(docs, d));
  return { ...twins, ...tagTwins(docs) };
}

/** The twins of /tags and of each tag's page, over `docs`. */
export function tagTwins(docs: readonly Doc[]): Record<string, string> {
  const tags = taggedDocs(docs);
  const twins: Record<string, string> = { [TAGS_PATH]: tagsIndexTwin(tags) };
  for (const [tag, list] of tags)
    twins[tagPath(tag)] = `# ${tagTitle(tag)}\n\n> ${tagDescription(tag, list)}\n\n${list.map(item).join("\n")}\n`;
  return twins;
}

/** A tag page's twin: what carries the tag. */
export function tagTwin(tag: string, list: readonly Doc[]): string {
  return `# ${tagTitle(tag)}\n\n> ${tagDescription(tag, list)}\n\n${list.map(item).join("\n")}\n`;
}

export function tagsIndexTwin(tags: Map<string, Doc[]>): string {
  const lines = [...tags].map(
    ([tag, list]) => `- [${tagLabel(tag)}](${B}${tagPath(tag)}.md): ${list.length} ${list.length === 1 ? "page" : "pages"}`,
  );
  return `# Tags\n\n> ${TAGS_INTRO}\n\n${lines.join("\n")}\n`;
}

import { absolute, collapse, documentBase } from "./dom";
import type { PageScan } from "./scan";

export interface RelLink {
  rel: string;
  href: string;
  type?: string;
  title?: string;
  hreflang?: string;
}

export type JsonLdItem = { valid: true; types: string[]; json: string } | { valid: false; error: string; raw: string };

export interface Structured {
  title: string;
  meta: Record<string, string>;
  og: Record<string, string>;
  twitter: Record<string, string>;
  jsonld: JsonLdItem[];
  microdata: { itemtypes: string[]; props: string[] };
  rdfa: { typeof: string[]; properties: string[] };
  microformats: string[];
  relLinks: RelLink[];
}

const MAX_ITEMS = 200;
const MAX_RAW = 4_000;

/**
 * A summary of every structured-data kind on the page, read from the one parsed tree:
 * meta/OpenGraph/Twitter maps, JSON-LD blocks (valid ones re-serialized, broken ones kept
 * raw with the parser's error), the vocabularies used by microdata and RDFa, microformats2
 * root types, and rel links from <link> and <a>. Nothing is fetched (no JSON-LD contexts).
 */
export function structuredData(scan: PageScan, finalUrl: string): Structured {
  const base = documentBase(scan.baseHref, finalUrl);
  const meta: Record<string, string> = {};
  const og: Record<string, string> = {};
  const twitter: Record<string, string> = {};
  for (const el of scan.metas) {
    const content = el.attribs.content;
    if (content === undefined) continue;
    const name = el.attribs.name?.trim().toLowerCase();
    const property = el.attribs.property?.trim().toLowerCase();
    const key = property || name;
    if (!key) continue;
    if (key.startsWith("og:")) setFirst(og, key, content);
    else if (key.startsWith("twitter:")) setFirst(twitter, key, content);
    else if (name) setFirst(meta, name, content);
  }

  const jsonld: JsonLdItem[] = scan.jsonLdTexts.slice(0, MAX_ITEMS).map((text) => {
    const raw = text.trim();
    try {
      const parsed: unknown = JSON.parse(raw);
      return { valid: true as const, types: jsonLdTypes(parsed), json: JSON.stringify(parsed, null, 2) };
    } catch (e) {
      return { valid: false as const, error: (e as Error).message, raw: raw.slice(0, MAX_RAW) };
    }
  });

  const relLinks: RelLink[] = scan.relElements.slice(0, MAX_ITEMS).map((el) => {
    const link: RelLink = { rel: collapse(el.attribs.rel).toLowerCase(), href: absolute(el.attribs.href, base) };
    if (el.attribs.type) link.type = el.attribs.type.trim();
    if (el.attribs.title) link.title = collapse(el.attribs.title);
    if (el.attribs.hreflang) link.hreflang = el.attribs.hreflang.trim();
    return link;
  });

  return {
    title: collapse(scan.title ?? ""),
    meta,
    og,
    twitter,
    jsonld,
    microdata: { itemtypes: distinct(scan.itemtypes), props: distinct(scan.itemprops) },
    // og:/twitter: properties are RDFa too, but they are reported in og and twitter already.
    rdfa: { typeof: distinct(scan.typeofs), properties: distinct(scan.properties.filter((v) => !/^(og|twitter):/i.test(v))) },
    microformats: distinct(scan.classes.filter((c) => /^h-[a-z0-9]+(-[a-z0-9]+)*$/.test(c))),
    relLinks,
  };
}

/** What a body that is not HTML carries: nothing structured. */
export function noStructuredData(): Structured {
  return {
    title: "",
    meta: {},
    og: {},
    twitter: {},
    jsonld: [],
    microdata: { itemtypes: [], props: [] },
    rdfa: { typeof: [], properties: [] },
    microformats: [],
    relLinks: [],
  };
}

function jsonLdTypes(value: unknown): string[] {
  const types = new Set<string>();
  const visit = (v: unknown, depth: number) => {
    if (depth > 4 || v === null || typeof v !== "object") return;
    if (Array.isArray(v)) return v.forEach((x) => visit(x, depth + 1));
    const o = v as Record<string, unknown>;
    const t = o["@type"];
    for (const x of Array.isArray(t) ? t : [t]) if (typeof x === "string") types.add(x);
    if (Array.isArray(o["@graph"])) visit(o["@graph"], depth + 1);
  };
  visit(value, 0);
  return [...types];
}

function setFirst(map: Record<string, string>, key: string, value: string) {
  if (!(key in map)) map[key] = value.trim();
}

function distinct(values: string[]): string[] {
  return [...new Set(values.filter(Boolean))].slice(0, MAX_ITEMS);
}

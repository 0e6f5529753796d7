import type { Metadata } from "next";
import { siteConfig } from "@/site.config";
import { siteUrl } from "@/lib/env";
import type { Doc } from "@/lib/content/types";
import { OG_CARD, ogImageFor } from "./og";
import { portraitPhoto } from "@/lib/photos/manifest";
import { photoTitle } from "@/lib/photos/display";

/**
 * Alternates every page's head names: the feeds (so readers and browsers find them from
 * any page) and the OpenAPI document. Next replaces a layout's `alternates` with a page's,
 * so pages that set their own list repeat these through `pageMetadata`.
 */
export const SITE_ALTERNATE_TYPES = {
  "application/atom+xml": "/feed.xml",
  "application/feed+json": "/feed.json",
  "application/openapi+json": "/openapi.json",
} as const;

export interface ShareImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** The build's share card for a page (lib/site/og.ts), or the site's card when it has none. */
export function shareCard(path: string, title: string): ShareImage {
  return { url: ogImageFor(path), ...OG_CARD, alt: title };
}

/** Canonical URL, Markdown alternate, OpenGraph and Twitter meta for a page. */
export function pageMetadata(o: {
  path: string;
  title: string;
  description: string;
  type?: "website" | "article";
  date?: string;
  updated?: string;
  tags?: string[];
  /** The share image; by default the card the build drew for this path. */
  image?: ShareImage;
  /** The endpoint that answers the page's question in JSON (lib/site/pages.ts). */
  json?: string;
}): Metadata {
  const twin = o.path === "/" ? "/index.md" : `${o.path}.md`;
  const image = o.image ?? shareCard(o.path, o.title);
  return {
    title: o.path === "/" ? { absolute: siteConfig.title } : o.title,
    description: o.description,
    alternates: {
      canonical: o.path,
      types: { "text/markdown": twin, ...(o.json ? { "application/json": o.json } : {}), ...SITE_ALTERNATE_TYPES },
    },
    openGraph: {
      type: o.type ?? "website",
      url: o.path,
      title: o.title,
      description: o.description,
      siteName: siteConfig.name,
      images: [image],
      ...(o.type === "article" && o.date
        ? { publishedTime: o.date, modifiedTime: o.updated ?? o.date, authors: [siteConfig.author.name], tags: o.tags }
        : {}),
    },
    twitter: { card: "summary_large_image", title: o.title, description: o.description, images: [{ url: image.url, alt: image.alt }] },
  };
}

/** A page that shows the owner's portrait (front matter `portrait`) shares it: its 1200 px rendition, its caption as alt. */
function portraitImage(doc: Doc): ShareImage | undefined {
  const photo = doc.portrait ? portraitPhoto() : undefined;
  if (!photo) return undefined;
  const size = photo.thumb.jpg ? photo.sizes.jpg : photo.sizes.full;
  return { url: photo.thumb.jpg ?? photo.full, width: size.width, height: size.height, alt: photo.alt ?? photoTitle(photo) };
}

export function docMetadata(doc: Doc): Metadata {
  const image = portraitImage(doc);
  return pageMetadata({
    ...(image ? { image } : {}),
    path: doc.url,
    title: doc.title,
    description: doc.description,
    type: doc.kind === "writing" ? "article" : "website",
    date: doc.date,
    updated: doc.updated,
    tags: doc.tags,
  });
}

const SCHEMA_TYPES = { page: "WebPage", writing: "BlogPosting", document: "DigitalDocument", utility: "WebAPI" } as const;

/** schema.org JSON-LD for a content page; the @type follows the page's kind. */
export function docJsonLd(doc: Doc): Record<string, unknown> {
  const base = siteUrl();
  const url = `${base}${doc.url}`;
  const author = { "@type": "Person", name: siteConfig.author.name, url: `${base}/about` };
  return {
    "@context": "https://schema.org",
    "@type": SCHEMA_TYPES[doc.kind],
    "@id": url,
    url,
    name: doc.title,
    headline: doc.title,
    description: doc.description,
    inLanguage: siteConfig.locale,
    ...(doc.date ? { datePublished: doc.date, dateModified: doc.updated ?? doc.date } : doc.updated ? { dateModified: doc.updated } : {}),
    ...(doc.kind === "writing" ? { author, wordCount: doc.wordCount, keywords: doc.tags.join(", ") } : { author }),
    ...(doc.kind === "utility" && doc.endpoint ? { documentation: `${base}/developers`, url: `${base}${doc.endpoint}` } : {}),
    isPartOf: { "@type": "WebSite", "@id": `${base}/#website`, name: siteConfig.name },
  };
}

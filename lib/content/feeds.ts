import { siteConfig } from "@/site.config";
import { BASE_TOKEN as B } from "./base-token";
import { COLLECTIONS } from "./collections";
import type { Doc } from "./types";

/** The entries of the dated collections (writing and garage notes: collections.ts `dated`), newest first. */
export function feedEntries(docs: Doc[], max = 50): Doc[] {
  return docs
    .filter((d) => COLLECTIONS[d.collection].dated && d.date)
    .sort((a, b) => (b.date ?? "").localeCompare(a.date ?? "") || a.url.localeCompare(b.url))
    .slice(0, max);
}

/** Text as XML 1.0 character data: escaped, and without the characters XML cannot hold at all (one would make the whole feed unreadable). */
const xml = (s: string) =>
  s
    .replace(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
const stamp = (date: string) => `${date}T12:00:00Z`;

/**
 * Each entry has one rel="alternate" link, the HTML page a reader opens. A second
 * alternate (the Markdown twin) sent feed readers to the `.md` file; the twin stays one
 * request away (`.md`, `Accept: text/markdown`, the page's Link header, llms.txt).
 */
export function atomFeed(docs: Doc[]): string {
  const entries = feedEntries(docs);
  const updated =
    entries
      .map((d) => d.updated ?? d.date!)
      .sort()
      .at(-1) ?? "2000-01-01";
  const body = entries
    .map(
      (d) => `  <entry>
    <id>${B}${d.url}</id>
    <title>${xml(d.title)}</title>
    <link rel="alternate" type="text/html" href="${B}${d.url}"/>
    <published>${stamp(d.date!)}</published>
    <updated>${stamp(d.updated ?? d.date!)}</updated>
    <summary>${xml(d.description)}</summary>
${d.tags.map((t) => `    <category term="${xml(t)}"/>`).join("\n")}
    <content type="html" xml:base="${B}${d.url}">${xml(d.html)}</content>
  </entry>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>${B}/</id>
  <title>${xml(siteConfig.name)}</title>
  <subtitle>${xml(siteConfig.description)}</subtitle>
  <link rel="self" type="application/atom+xml" href="${B}/feed.xml"/>
  <link rel="alternate" type="text/html" href="${B}/"/>
  <updated>${stamp(updated)}</updated>
  <author><name>${xml(siteConfig.author.name)}</name></author>
${body}
</feed>
`;
}

/** JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/); each item's `url` is its HTML page. */
export function jsonFeed(docs: Doc[]): Record<string, unknown> {
  return {
    version: "https://jsonfeed.org/version/1.1",
    title: siteConfig.name,
    description: siteConfig.description,
    home_page_url: `${B}/`,
    feed_url: `${B}/feed.json`,
    language: siteConfig.locale,
    authors: [{ name: siteConfig.author.name }],
    items: feedEntries(docs).map((d) => ({
      id: `${B}${d.url}`,
      url: `${B}${d.url}`,
      title: d.title,
      summary: d.description,
      content_html: d.html,
      date_published: stamp(d.date!),
      date_modified: stamp(d.updated ?? d.date!),
      tags: d.tags,
    })),
  };
}

import { siteUrl } from "@/lib/env";
import { allPagePaths } from "@/lib/site/paths";
import { findDoc } from "@/lib/content/corpus";

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The sitemap (sitemaps.org 0.9) of the pages this server serves: those of live features only
 * while they are on, each under the site's address, with the date a document last changed.
 */
export function sitemapXml(): string {
  const base = siteUrl();
  const urls = allPagePaths()
    .sort()
    .map((p) => {
      const doc = findDoc(p);
      const modified = doc?.updated ?? doc?.date;
      return `<url>\n<loc>${escapeXml(`${base}${p}`)}</loc>\n${modified ? `<lastmod>${escapeXml(String(modified))}</lastmod>\n` : ""}</url>\n`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("")}</urlset>\n`;
}

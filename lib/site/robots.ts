import { siteConfig } from "@/site.config";

/**
 * robots.txt: everything may be crawled (the site is public on purpose), with a
 * Content-Signal line (contentsignals.org) saying what the owner allows AI use for.
 */
export function robotsTxt(base: string): string {
  const signal = Object.entries(siteConfig.contentSignal)
    .map(([k, v]) => `${k}=${v}`)
    .join(", ");
  return [
    "# The pages and the API of this site are public. Content-Signal says what the owner",
    "# allows: search=yes (index and link), ai-input=yes (quote in answers), ai-train=no.",
    "User-Agent: *",
    `Content-Signal: ${signal}`,
    "Allow: /",
    "Disallow: /twins/",
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}

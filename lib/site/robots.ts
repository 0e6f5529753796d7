import { siteConfig } from "@/site.config";
import { route } from "@/lib/core/route";
import { AI_CRAWLERS } from "@/lib/crawlers";

/**
 * robots.txt: everything may be crawled (the site is public on purpose), with a
 * Content-Signal line (contentsignals.org) saying what the owner allows AI use for. The AI
 * crawlers lens knows are named in a group of their own with the same rules, so a crawler
 * (and a scanner) reads an explicit answer rather than inferring one from `*`.
 */
export function robotsTxt(base: string): string {
  const signal = Object.entries(siteConfig.contentSignal)
    .map(([k, v]) => `${k}=${v}`)
    .join(", ");
  // Disallow before Allow: / so first-match readers (Python's urllib.robotparser) reach the same
  // verdict as longest-match ones (RFC 9309, Google).
  const rules = [`Content-Signal: ${signal}`, "Disallow: /twins/", "Allow: /"];
  return [
    "# The pages and the API of this site are public. Content-Signal says what the owner",
    "# allows: search=yes (index and link), ai-input=yes (quote in answers), ai-train=no.",
    "User-Agent: *",
    ...rules,
    "",
    "# AI crawlers, by name: welcome to read and quote; the signal above still applies.",
    ...AI_CRAWLERS.map((c) => `User-Agent: ${c.token}`),
    ...rules,
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}

/**
 * The route of /robots.txt, exported by its route file and called by the edge (lib/surface/
 * endpoint-routes.ts), so it is compressed like every other text the site serves. Not
 * budgeted: some crawlers read a 429 on robots.txt as "disallow everything".
 */
export const robotsRoute = route({ path: "/robots.txt", methods: ["GET"] }, async ({ base }) => ({
  body: robotsTxt(base),
  media: "text/plain; charset=utf-8",
  cache: { maxAge: 3600 },
  etag: true,
}));

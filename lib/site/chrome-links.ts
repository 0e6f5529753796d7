import { getCorpus } from "@/lib/content/corpus";
import type { Doc } from "@/lib/content/types";
import { normalizePath } from "@/lib/site/paths";
import { linksServed } from "@/lib/surface/served-paths";
import { siteConfig } from "@/site.config";

export interface ChromeLink {
  label: string;
  href: string;
}

type Chrome = { nav: readonly ChromeLink[]; footer: readonly ChromeLink[] };

/**
 * The pages of content/pages/ that neither the menu nor the footer of site.config.ts lists,
 * by their `order` (then title). The footer links them after its own links, so a page the
 * owner adds is reachable from every page without an edit to site.config.ts; listing it
 * there places it instead.
 */
export function unlistedPages(docs: readonly Doc[], chrome: Chrome = siteConfig): ChromeLink[] {
  const listed = new Set([...chrome.nav, ...chrome.footer].map((l) => normalizePath(l.href.split(/[?#]/)[0])));
  return docs
    .filter((d) => d.collection === "pages" && !listed.has(d.url))
    .sort((a, b) => (a.order ?? 1000) - (b.order ?? 1000) || a.title.localeCompare(b.title))
    .map((d) => ({ label: d.title, href: d.url }));
}

/** The menu: site.config.ts's links that lead somewhere on this build. */
export function navLinks(): ChromeLink[] {
  return linksServed(siteConfig.nav);
}

/** The footer: site.config.ts's links that lead somewhere on this build, then the content pages it does not list. */
export function footerLinks(docs: readonly Doc[] = getCorpus().docs): ChromeLink[] {
  return [...linksServed(siteConfig.footer), ...unlistedPages(docs)];
}

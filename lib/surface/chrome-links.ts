import { getCorpus } from "@/lib/content/corpus";
import { sortDocs } from "@/lib/content/load";
import type { Doc } from "@/lib/content/types";
import { linksServed, sitePathOf } from "./served-paths";
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
  const listed = new Set([...chrome.nav, ...chrome.footer].map((l) => sitePathOf(l.href)));
  return sortDocs(docs.filter((d) => d.collection === "pages" && !listed.has(d.url))).map((d) => ({ label: d.title, href: d.url }));
}

/** The menu: site.config.ts's links that lead somewhere on this build. */
export function navLinks(): ChromeLink[] {
  return linksServed(siteConfig.nav);
}

/** The footer: site.config.ts's links that lead somewhere on this build, then the content pages it does not list. */
export function footerLinks(docs: readonly Doc[] = builtDocs()): ChromeLink[] {
  return [...linksServed(siteConfig.footer), ...unlistedPages(docs)];
}

/** The content documents, or none before the first build (the app's own pages still render). */
function builtDocs(): readonly Doc[] {
  try {
    return getCorpus().docs;
  } catch (err) {
    // (By name: Next bundles this module once per route, so the class may be another copy.)
    if (err instanceof Error && err.name === "MissingBuildError") return [];
    throw err;
  }
}

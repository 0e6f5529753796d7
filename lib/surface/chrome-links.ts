import { getCorpus } from "@/lib/content/corpus";
import { sortDocs } from "@/lib/content/load";
import { COLLECTIONS, INDEXED_COLLECTIONS, declarationOf } from "@/lib/content/collections";
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

/**
 * The collection indexes whose declaration links them in the menu or the footer
 * (lib/content/collections.ts `index.link`) and which neither of site.config.ts's lists, so a
 * new collection is reachable without an edit there; listing it there places it instead.
 */
export function unlistedCollections(where: "nav" | "footer", chrome: Chrome = siteConfig): ChromeLink[] {
  const listed = new Set([...chrome.nav, ...chrome.footer].map((l) => sitePathOf(l.href)));
  return INDEXED_COLLECTIONS.flatMap((c) => {
    const link = declarationOf(c).index?.link;
    const { base, label } = COLLECTIONS[c];
    return link?.in === where && !listed.has(base) ? [{ label: link.label ?? label, href: base }] : [];
  });
}

/**
 * site.config.ts's menu with the collections declared in it that it does not list, placed
 * after the last collection it does (beside the owner's other work), or first.
 */
export function menuWithCollections(chrome: Chrome = siteConfig): ChromeLink[] {
  const bases = new Set<string>(INDEXED_COLLECTIONS.map((c) => COLLECTIONS[c].base));
  const at = chrome.nav.findLastIndex((l) => bases.has(sitePathOf(l.href))) + 1;
  return [...chrome.nav.slice(0, at), ...unlistedCollections("nav", chrome), ...chrome.nav.slice(at)];
}

/**
 * The menu: menuWithCollections, only the links that lead somewhere on this build. The header
 * renders this one list twice (a wide row, and a phone's fold).
 */
export function navLinks(): ChromeLink[] {
  return linksServed(menuWithCollections());
}

/**
 * The footer: site.config.ts's links, then the collections declared in it and the content
 * pages it does not list; only those that lead somewhere on this build.
 */
export function footerLinks(docs: readonly Doc[] = builtDocs()): ChromeLink[] {
  return [...linksServed([...siteConfig.footer, ...unlistedCollections("footer")]), ...unlistedPages(docs)];
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

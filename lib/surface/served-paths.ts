import { buildSingleton } from "@/lib/build-output";
import { offeredApiPaths } from "./endpoints";
import { allPagePaths, normalizePath } from "@/lib/site/paths";

/**
 * Every real path a GET reads: the pages given (this process's, by default) and the API's
 * (those of features that are on, by default: one of a feature that is off answers a 503).
 */
export function servedPaths(pages: Iterable<string> = allPagePaths(), api: Iterable<string> = offeredApiPaths()): Set<string> {
  return new Set([...pages, ...api]);
}

/** Every real path a GET reads, pages and API, derived from the build, the registry and the features (for 404 suggestions). */
export function knownPaths(): string[] {
  return [...servedPaths()];
}

/**
 * The links of the site's menu and footer (site.config.ts) that lead somewhere on this
 * build: links off the site, and site paths a GET reads. A page the owner removed (say
 * content/pages/faq.md, or the whole resume) drops out instead of leaving a 404 in every
 * page's chrome; the build logs each one it leaves out (scripts/build/site.ts).
 */
export function linksServed<T extends { href: string }>(links: readonly T[], served: ReadonlySet<string> = servedPathSet()): T[] {
  return links.filter((l) => !l.href.startsWith("/") || served.has(sitePathOf(l.href)));
}

/** The page a site link leads to: `/about/?x=1#team` → `/about`. */
export function sitePathOf(href: string): string {
  return normalizePath(href.split(/[?#]/)[0]);
}

/** servedPaths() once per process: the build's pages do not change while it runs. */
const servedPathSet = () => buildSingleton("served-path-set", () => servedPaths());

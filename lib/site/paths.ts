import { siteFile, buildSingleton } from "@/lib/build-output";
import { loadPageIndex, normalizePath } from "./page-routing.mjs";

export { normalizePath, pageOfMdPath } from "./page-routing.mjs";

/**
 * The page paths of this build and where each one's Markdown twin is served, read from
 * `.site/paths.json` and `.site/photos.json` (small, so the proxy can load it cheaply).
 * The logic is shared with server.mjs (`page-routing.mjs`).
 */
const paths = () => buildSingleton("site-paths", () => loadPageIndex(siteFile("")));

/** The pages and their twins, for `twinRewrite` (page-routing.mjs). */
export const pageIndex = paths;

export function isSitePage(pathname: string): boolean {
  return paths().pages.has(normalizePath(pathname));
}

export function allPagePaths(): string[] {
  return [...paths().pages];
}

/** Where the Markdown twin of a page is served, if it has one. */
export function twinTarget(pathname: string): string | undefined {
  return paths().twinTargets.get(normalizePath(pathname));
}

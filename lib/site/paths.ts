import { siteFile, buildSingleton } from "@/lib/build-output";
import { featureDecision } from "@/lib/features";
import { isHiddenPage, loadPageIndex, normalizePath } from "./page-routing.mjs";

export { normalizePath, pageOfMdPath } from "./page-routing.mjs";

/**
 * The page paths of this build and where each one's Markdown twin is served, read from
 * `.site/paths.json` and `.site/photos.json` (small, so the proxy can load it cheaply),
 * without the pages of features that are off in this process (lib/features). The logic is
 * shared with server.mjs (`page-routing.mjs`).
 */
const paths = () => buildSingleton("site-paths", () => loadPageIndex(siteFile(""), featureDecision().off));

/** The pages and their twins, for `twinRewrite` (page-routing.mjs). */
export const pageIndex = paths;

export function isSitePage(pathname: string): boolean {
  return paths().pages.has(normalizePath(pathname));
}

/** Whether a path (or its `.md` twin) is a page of a feature that is off: the site's 404, whatever the build prerendered. */
export function isHidden(pathname: string): boolean {
  return isHiddenPage(paths(), pathname);
}

export function allPagePaths(): string[] {
  return [...paths().pages];
}

/** Where the Markdown twin of a page is served, if it has one. */
export function twinTarget(pathname: string): string | undefined {
  return paths().twinTargets.get(normalizePath(pathname));
}

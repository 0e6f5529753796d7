import { readFileSync } from "node:fs";
import { siteFile, buildSingleton } from "@/lib/build-output";
import { featureDecision } from "@/lib/features";
import { isHiddenPage, loadPageIndex, normalizePath, type PageIndex } from "./page-index";

export { normalizePath, pageOfMdPath } from "./page-index";

/**
 * The page paths of this build and where each one's Markdown twin is served, read from
 * `.site/paths.json` and `.site/photos.json` (small, so the proxy can load it cheaply), once
 * per process, without the pages of features that are off in this process (lib/features). The
 * edge reads the same index with the same code (`page-index.ts`).
 */
export const pageIndex = (): PageIndex => buildSingleton("site-paths", () => loadPageIndex(siteFile(""), featureDecision().off));

/** Whether a path (or its `.md` twin) is a page of a feature that is off: the site's 404, whatever the build prerendered. */
export function isHidden(pathname: string): boolean {
  return isHiddenPage(pageIndex(), pathname);
}

export function isSitePage(pathname: string): boolean {
  return pageIndex().pages.has(normalizePath(pathname));
}

export function allPagePaths(): string[] {
  return [...pageIndex().pages];
}

/** Where the Markdown twin of a page is served, if it has one. */
export function twinTarget(pathname: string): string | undefined {
  return pageIndex().twinTargets.get(normalizePath(pathname));
}

/**
 * The paths a route handler of its own answers, any method (the API, /mcp), as the build
 * recorded them from the registry: the proxy leaves a preflight there to the route.
 */
const routePaths = () =>
  buildSingleton("site-route-paths", () => {
    try {
      return new Set((JSON.parse(readFileSync(siteFile("paths.json"), "utf8")) as { routes?: string[] }).routes ?? []);
    } catch {
      return new Set<string>();
    }
  });

export function isRoutePath(pathname: string): boolean {
  return routePaths().has(pathname);
}

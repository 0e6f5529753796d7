import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * Which paths are pages and where each page's Markdown twin is served, read from what the
 * build wrote. Small and free of the app's state, so the edge (compiled on its own) and the
 * app read the same index the same way.
 */
export interface PageIndex {
  pages: ReadonlySet<string>;
  /** Page → where its twin is served: `/twins/…`, or its own endpoint (`/resume.md`). */
  twinTargets: ReadonlyMap<string, string>;
  /**
   * The pages of features that are off (decided at start: lib/features): no pages here,
   * though the build prerendered them; they and their twins answer the site's 404.
   */
  hidden: ReadonlySet<string>;
  /** The pages of features that are on: a live page among them shows store data (lib/edge/twins.ts pageServing). */
  featured: ReadonlySet<string>;
}

export function normalizePath(pathname: string): string {
  return pathname.replace(/\/+$/, "") || "/";
}

/** `/writing/x.md` → `/writing/x`; `/index.md` → `/`. Undefined for anything else. */
export function pageOfMdPath(pathname: string): string | undefined {
  if (!pathname.endsWith(".md")) return undefined;
  const page = pathname.slice(0, -3);
  return page === "/index" ? "/" : page;
}

/** The public `.md` path of a page's twin: `/` → `/index.md`. */
export function mdPathOf(page: string): string {
  return page === "/" ? "/index.md" : `${page}.md`;
}

/**
 * The pages of this build and their twins: `paths.json` (every page the build published, the
 * app's declared pages among them, and the twins served by an endpoint of their own) plus one
 * page per photo in `photos.json`. Without a build no path is a page. `off` names the features
 * that are off: their pages (paths.json's `features`) are `hidden`.
 */
export function loadPageIndex(dataDir: string, off: ReadonlySet<string> = new Set()): PageIndex {
  let built: string[] = [];
  let ownTwins: Record<string, string> = {};
  const hidden = new Set<string>();
  const featured = new Set<string>();
  try {
    const paths = JSON.parse(readFileSync(path.join(dataDir, "paths.json"), "utf8")) as {
      pages: string[];
      twins?: Record<string, string>;
      features?: Record<string, string>;
    };
    for (const [page, feature] of Object.entries(paths.features ?? {})) (off.has(feature) ? hidden : featured).add(page);
    built = paths.pages.filter((p) => !hidden.has(p));
    ownTwins = paths.twins ?? {};
  } catch {
    // No content build: nothing to route.
  }
  try {
    const photos = (JSON.parse(readFileSync(path.join(dataDir, "photos.json"), "utf8")) as { photos: { stem: string }[] }).photos;
    built = built.concat(photos.map((p) => `/photos/${p.stem}`));
  } catch {
    // No photo build: no photo pages.
  }
  const pages = new Set(built);
  const twinTargets = new Map<string, string>();
  for (const p of pages) twinTargets.set(p, ownTwins[p] ?? `/twins${p === "/" ? "/index" : p}`);
  return { pages, twinTargets, hidden, featured };
}

/** Whether `pathname` is a page of a feature that is off, or its `.md` twin. */
export function isHiddenPage(index: PageIndex, pathname: string): boolean {
  return index.hidden.size > 0 && index.hidden.has(normalizePath(pageOfMdPath(pathname) ?? pathname));
}

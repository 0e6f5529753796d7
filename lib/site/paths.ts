import { readFileSync } from "node:fs";
import { siteFile } from "@/lib/content/corpus";
import { processSingleton } from "@/lib/process-singleton";

/**
 * The page paths of this build and where each one's Markdown twin is served. Read from
 * `.site/paths.json` (small, so the proxy can load it cheaply). Pages whose twin is its
 * own registered endpoint are listed here by hand.
 */
const OWN_TWIN_ROUTES: Record<string, string> = {
  "/developers": "/developers.md",
  "/resume": "/resume.md",
};
/** Pages rendered by the app itself (not content), with a twin generated on request. */
const APP_PAGES = ["/", "/developers", "/search", "/resume", "/photos"];

interface Paths {
  pages: Set<string>;
  twinTargets: Map<string, string>;
}

function load(): Paths {
  let built: string[] = [];
  try {
    built = (JSON.parse(readFileSync(siteFile("paths.json"), "utf8")) as { pages: string[] }).pages;
  } catch {
    // Without a content build the site still serves its app pages.
  }
  try {
    const photos = (JSON.parse(readFileSync(siteFile("photos.json"), "utf8")) as { photos: { stem: string }[] }).photos;
    built = built.concat(photos.map((p) => `/photos/${p.stem}`));
  } catch {
    // No photo build: no photo pages.
  }
  const pages = new Set([...APP_PAGES, ...built]);
  const twinTargets = new Map<string, string>();
  for (const p of pages) twinTargets.set(p, OWN_TWIN_ROUTES[p] ?? `/twins${p === "/" ? "/index" : p}`);
  return { pages, twinTargets };
}

const paths = () => processSingleton("site-paths", load);

export function normalizePath(pathname: string): string {
  return pathname.replace(/\/+$/, "") || "/";
}

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

/** `/writing/x.md` → `/writing/x`; `/index.md` → `/`. Undefined for anything else. */
export function pageOfMdPath(pathname: string): string | undefined {
  if (!pathname.endsWith(".md")) return undefined;
  const page = pathname.slice(0, -3);
  return page === "/index" ? "/" : page;
}

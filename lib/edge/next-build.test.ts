import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PAGE_PATHS } from "@/lib/site/pages";
import { appFileRoutes, appRouteCheck, fileCheck, metadataFileRoutes, prerenderedPages } from "./next-build";

/**
 * Read against this project's own build (`npm test` builds first): when a Next upgrade moves
 * or reshapes a manifest, these fail, and lib/edge/next-build.ts is the one place to follow it.
 */
const DIST = path.resolve(".next");
const built = existsSync(path.join(DIST, "BUILD_ID"));

describe("what Next's build says", () => {
  it("there is a build to read (npm run build)", () => {
    expect(built, "no .next/BUILD_ID: run `npm run build` before the tests").toBe(true);
  });

  it("the file routes of app/: its icons and the sitemap, and no page or pattern", () => {
    const files = appFileRoutes(DIST);
    for (const f of ["/favicon.ico", "/icon.svg", "/apple-icon.png", "/sitemap.xml"]) expect(files, f).toContain(f);
    expect([...files].some((f) => f.includes("["))).toBe(false);
    expect(files).not.toContain("/about");
  });

  it("Next's metadata files among them, served from memory: the sitemap and icons, not a route of the app's own", () => {
    const files = metadataFileRoutes(DIST);
    for (const f of ["/favicon.ico", "/icon.svg", "/apple-icon.png", "/sitemap.xml"]) expect(files, f).toContain(f);
    for (const f of ["/robots.txt", "/health.json", "/feed.xml", "/llms.txt"]) expect(files, f).not.toContain(f);
  });

  it("Next's own routes: those with no dynamic segment and the dynamic handlers, never a page pattern or the site-wide catch-all", () => {
    const nextRoute = appRouteCheck(DIST);
    for (const r of ["/mcp", "/health.json", "/sitemap.xml", "/_not-found", "/api/cron/around", "/twins", "/twins/about", "/twins/a/b"])
      expect(nextRoute(r), r).toBe(true);
    // Pages are the page index's; anything else is the edge's 404 (not app/[...rest]'s).
    for (const r of ["/writing/markdown-twins", "/about", "/nope", "/api/cron", "/api/cron/a/b", "/x.json"])
      expect(nextRoute(r), r).toBe(false);
  });

  it("the prerendered pages: the static ones the app declares, and none rendered per request", () => {
    const pages = prerenderedPages(DIST);
    // The home page, /tags and /utilities too: they list the live features with the build's decision (lib/features);
    // and the forms, whose query is another page's (lib/edge/query-pages.ts).
    for (const p of ["/writing", "/garage", "/about", "/writing/markdown-twins", "/", "/tags", "/utilities", "/search", "/lens", "/photos"])
      expect(pages, p).toContain(p);
    expect(PAGE_PATHS.filter((p) => pages.has(p)).length).toBeGreaterThan(3);
    // Pages that answer a query or show store data.
    for (const p of ["/search/result", "/lens/result", "/photos/filtered", "/ledger", "/coffee"]) expect(pages, p).not.toContain(p);
    expect([...pages].some((p) => p.endsWith(".json") || p.endsWith(".xml"))).toBe(false);
  });

  it("a file of public/, of the build or of app/ is served; a path outside them, or that climbs out, is not", () => {
    const serves = fileCheck(DIST, path.resolve("public"));
    expect(serves("/favicon.ico")).toBe(true);
    expect(serves("/about")).toBe(false);
    expect(serves("/no-such-file.png")).toBe(false);
    expect(serves("/../package.json")).toBe(false);
    expect(serves("/_next/static/../../package.json")).toBe(false);
  });

  it("reads nothing from a folder that is no build", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "next-build-"));
    try {
      mkdirSync(path.join(dir, "static"));
      writeFileSync(path.join(dir, "prerender-manifest.json"), "not json");
      expect(appFileRoutes(dir).size).toBe(0);
      expect(appRouteCheck(dir)("/mcp")).toBe(false);
      expect(prerenderedPages(dir).size).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

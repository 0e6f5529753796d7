import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { config as proxyConfig } from "@/proxy";
import { ROUTED_HEADER, ROUTED_VALUE } from "@/lib/core/wire";
import { endpoints, readableApiPaths } from "@/lib/surface/endpoints";
import { PAGES, PAGE_PATHS, mdPathOf, ownTwinRoutes, publishedPages } from "./pages";
import { reservedTopLevel } from "./reserved";
import { FEATURE_NAMES } from "@/lib/features";
import { COLLECTIONS, COLLECTION_NAMES, INDEXED_COLLECTIONS, ROUTED_COLLECTIONS, declarationOf } from "@/lib/content/collections";
import { QUERY_FORMS } from "@/lib/edge/query-pages";

const APP = path.resolve(import.meta.dirname, "../../app");

/**
 * The pages app/ renders one per file rather than one per declaration: each dynamic page
 * route and where its pages come from (a collection's entries: lib/content/collections.ts).
 * app/[page] and app/[page]/[slug] serve every collection but those with route files of their own.
 */
const FAMILIES: Record<string, string> = {
  "/[page]": `content/pages/ and the indexes of ${ROUTED_COLLECTIONS.join(", ")}`,
  "/[page]/[slug]": ROUTED_COLLECTIONS.map((c) => `content/${c}/`).join(", "),
  ...Object.fromEntries(
    COLLECTION_NAMES.filter((c) => declarationOf(c).ownRoutes).map((c) => [`${COLLECTIONS[c].base}/[slug]`, `content/${c}/`]),
  ),
  "/photos/[stem]": "photos/",
  "/tags/[tag]": "the tags: front matter of content/",
};

/** Where app/ renders a declared page: its own folder, or app/[page] for a collection's index. */
const ROUTED_INDEXES = new Set<string>(ROUTED_COLLECTIONS.map((c) => COLLECTIONS[c].base));
const viewOf = (p: string) => (ROUTED_INDEXES.has(p) ? "/[page]" : p);

/** Every `page.tsx` under app/, as the URL pattern it serves (route groups dropped). */
function appPages(dir = APP, prefix = ""): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isFile() && e.name === "page.tsx") out.push(prefix || "/");
    if (e.isDirectory()) out.push(...appPages(path.join(dir, e.name), /^\(.*\)$/.test(e.name) ? prefix : `${prefix}/${e.name}`));
  }
  return out;
}

describe("pages declared once (lib/site/pages.ts)", () => {
  const routes = appPages();

  it("every page app/ renders is declared, or is one of the per-file families, or answers a declared form's query", () => {
    // A form's query is rendered by a page of its own that the form's URL is rewritten to (lib/edge/query-pages.ts).
    const answers = new Map<string, string>(QUERY_FORMS.map((f) => [f.to, f.page]));
    for (const r of routes) {
      if (answers.has(r)) {
        expect(PAGE_PATHS, `${r} answers the query of an undeclared page`).toContain(answers.get(r));
        continue;
      }
      if (r.includes("[")) expect(Object.keys(FAMILIES), `${r} is a dynamic page route no family names`).toContain(r);
      else expect(PAGE_PATHS, `app${r === "/" ? "" : r}/page.tsx renders a page lib/site/pages.ts does not declare`).toContain(r);
    }
  });

  it("every declared page has its view in app/, and every family its route", () => {
    for (const p of [...PAGE_PATHS.map(viewOf), ...Object.keys(FAMILIES)])
      expect(routes, `${p} has no app${p === "/" ? "" : p}/page.tsx`).toContain(p);
  });

  it("a collection has route files of its own exactly when its declaration says so, and app/[page] serves the others", () => {
    for (const c of INDEXED_COLLECTIONS) {
      const own = routes.includes(COLLECTIONS[c].base) || routes.includes(`${COLLECTIONS[c].base}/[slug]`);
      expect(own, `app${COLLECTIONS[c].base}/: ${own ? "add ownRoutes: true to its declaration" : "its declaration says ownRoutes"}`).toBe(
        Boolean(declarationOf(c).ownRoutes),
      );
    }
  });

  it("every declared page takes its head from its declaration (pageMeta: title, description and JSON alternate)", () => {
    // The home page's head is the site's own title and description (app/page.tsx), which its declaration repeats.
    for (const p of PAGE_PATHS.filter((x) => x !== "/")) {
      const view = readFileSync(path.join(APP, viewOf(p), "page.tsx"), "utf8");
      // A collection's index reads it through collectionRoutes (components/collection-pages.tsx).
      const adapter =
        /collectionRoutes\(/.test(view) &&
        readFileSync(path.join(APP, "../components/collection-pages.tsx"), "utf8").includes("pageMeta(base)");
      expect(adapter || view.includes(`pageMeta("${p}")`), `app${p}/page.tsx does not take its head from pageMeta("${p}")`).toBe(true);
    }
  });

  it("a page's JSON alternate is an API path a GET reads, and an own twin is a registered endpoint", () => {
    const readable = new Set(readableApiPaths());
    const registered = new Set(endpoints().flatMap((e) => (e.http ? [e.http.path] : [])));
    for (const p of PAGE_PATHS) {
      const json = (PAGES[p] as { json?: string }).json;
      if (json) expect(readable, `${p}'s json`).toContain(json);
    }
    for (const twin of Object.values(ownTwinRoutes(PAGE_PATHS))) expect(registered).toContain(twin);
  });

  it("each live feature has a declared page, and a feature's page and its JSON endpoint belong to the same feature", () => {
    const featureOf = (p: string) => (PAGES[p as keyof typeof PAGES] as { feature?: string }).feature;
    for (const name of FEATURE_NAMES)
      expect(
        PAGE_PATHS.filter((p) => featureOf(p) === name),
        name,
      ).not.toEqual([]);
    for (const p of PAGE_PATHS) {
      const json = (PAGES[p] as { json?: string }).json;
      const endpoint = endpoints().find((e) => e.http?.path === json);
      if (json) expect(endpoint?.feature?.name, `${p} and ${json}`).toBe(featureOf(p));
    }
  });

  it("the resume is published only with a resume", () => {
    expect(publishedPages({ resume: false })).not.toContain("/resume");
    expect(publishedPages({ resume: true })).toEqual(PAGE_PATHS);
  });

  // (A plain GET of a prerendered page skips it: lib/edge/page-matcher.test.ts.)
  it("proxy.ts runs for every declared page asked for Markdown and its twin, and for no API path", () => {
    const runs = (url: string, headers?: Record<string, string>) =>
      unstable_doesMiddlewareMatch({ config: proxyConfig, url, ...(headers ? { headers } : {}) });
    const samples = ["/about", "/writing/some-post", "/photos/some-photo"];
    for (const p of [...PAGE_PATHS, ...samples]) {
      expect(runs(p, { accept: "text/markdown" }), p).toBe(true);
      expect(runs(mdPathOf(p)), mdPathOf(p)).toBe(true);
    }
    // (`*.md` endpoints, /developers.md and /resume.md, pass through it: every `.md` path is a twin's.)
    for (const api of [...readableApiPaths(), "/mcp", "/ask", "/twins/about"].filter((p) => !p.endsWith(".md")))
      expect(runs(api), api).toBe(false);
  });

  it("proxy.ts does not run for a request the edge routed (a value no client can send), and does for a client's copy", () => {
    const runs = (url: string, headers: Record<string, string> = {}) => unstable_doesMiddlewareMatch({ config: proxyConfig, url, headers });
    for (const entry of proxyConfig.matcher)
      expect(entry.missing, entry.source).toEqual([{ type: "header", key: ROUTED_HEADER, value: ROUTED_VALUE }]);
    for (const p of ["/rn", "/about.md", "/%ff", "/x.json"]) {
      const preflight: Record<string, string> = p === "/x.json" ? { "access-control-request-method": "GET" } : {};
      expect(runs(p, preflight), p).toBe(true);
      expect(runs(p, { ...preflight, [ROUTED_HEADER]: "1" }), p).toBe(true);
      expect(runs(p, { ...preflight, [ROUTED_HEADER]: ROUTED_VALUE }), p).toBe(false);
    }
  });

  it("proxy.ts runs for every CORS preflight, and for a path with a percent-escape", () => {
    const runs = (url: string, headers: Record<string, string> = {}) => unstable_doesMiddlewareMatch({ config: proxyConfig, url, headers });
    for (const p of ["/favicon.ico", "/foo.json", "/health.json", "/_next/static/x.js"])
      expect(runs(p, { "access-control-request-method": "GET" }), p).toBe(true);
    expect(runs("/favicon.ico")).toBe(false);
    expect(runs("/about/%zz.json")).toBe(true);
  });

  it("a content page may not take the name of any route, page or API path", () => {
    const appEntries = readdirSync(APP, { withFileTypes: true }).map((e) => ({ name: e.name, folder: e.isDirectory() }));
    const reserved = reservedTopLevel({ appEntries, apiPaths: readableApiPaths() });
    const folders = appEntries.filter((e) => e.folder && !/^[[(@_]/.test(e.name)).map((e) => e.name.replace(/(?<=.)\.[^.]*$/, ""));
    for (const name of [...folders, "sitemap", "favicon", "lens", "health", "openapi", "_next", "generated"])
      expect(reserved, name).toContain(name);
    for (const name of ["about", "now", "colophon"]) expect(reserved, name).not.toContain(name);
  });
});

import { readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * What only Next's build output says, read in this one module (its test reads the real
 * manifests, so a Next upgrade that changes their format fails there first):
 *  - which paths Next serves as files: one of public/, a build asset, or a file route of app/
 *    (`/favicon.ico`, `/icon.svg`, `/sitemap.xml`); OPTIONS on such a path gets the preflight
 *    a page gets (Next would answer 405 or 500), on any other unknown path the 404;
 *  - which pages are prerendered: Next sends those with `s-maxage=31536000`, a year in shared
 *    caches, unless a Cache-Control is set before it renders (lib/edge/twins.ts).
 * Without a build, both are empty.
 */
export const APP_ROUTES_MANIFEST = "app-path-routes-manifest.json";
export const PRERENDER_MANIFEST = "prerender-manifest.json";

function readManifest(distDir: string, name: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(readFileSync(path.join(distDir, name), "utf8"));
    return value && typeof value === "object" ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The routes of app/ that are files: no brackets, a dot in the last segment. */
export function appFileRoutes(distDir: string): Set<string> {
  const routes = Object.values(readManifest(distDir, APP_ROUTES_MANIFEST) ?? {}).filter((r): r is string => typeof r === "string");
  return new Set(routes.filter((route) => !route.includes("[") && /\.[^/]+$/.test(route)));
}

/**
 * Next's metadata files among them (`app/sitemap.xml`, the icons): built from the build and what
 * the server decided at start, never from the request, so the edge serves them from memory
 * (lib/edge/page-memory.ts). Not `/robots.txt`: the site's is a route of its own, naming the
 * request's host.
 */
export function metadataFileRoutes(distDir: string): Set<string> {
  const metadata = /^\/(sitemap\.xml|favicon\.ico|(apple-)?icon[\w-]*\.\w+|manifest\.webmanifest)$/;
  return new Set([...appFileRoutes(distDir)].filter((route) => metadata.test(route)));
}

/**
 * Whether Next has a route of its own for a path that is neither a page of the build
 * (lib/site/page-index.ts) nor a file: a route of app/ with no dynamic segment (`/mcp`,
 * `/_not-found`), or a dynamic route handler (`/api/cron/[job]`, `/twins/[[...path]]`). A
 * catch-all of the whole site (`/[...rest]`, the 404 handler) is left out: it would match
 * every path, and the edge answers those itself. Dynamic pages are the page index's.
 */
export function appRouteCheck(distDir: string): (decoded: string) => boolean {
  const entries = Object.entries(readManifest(distDir, APP_ROUTES_MANIFEST) ?? {}).filter(
    (e): e is [string, string] => typeof e[1] === "string",
  );
  const fixed = new Set(entries.filter(([, route]) => !route.includes("[")).map(([, route]) => route));
  const dynamic = entries
    .filter(([entry, route]) => entry.endsWith("/route") && route.includes("[") && !/^\/\[{1,2}\.\.\./.test(route))
    .map(([, route]) => routePattern(route));
  return (decoded) => fixed.has(decoded) || dynamic.some((re) => re.test(decoded));
}

/** A route's path pattern as a RegExp: `[x]` one segment, `[...x]` one or more, `[[...x]]` none or more. */
function routePattern(route: string): RegExp {
  const escape = (s: string) => s.replace(/[.*+?^${}()|\\]/g, "\\$&");
  const body = route
    .split("/")
    .slice(1)
    .map((seg) =>
      /^\[\[\.\.\..+\]\]$/.test(seg)
        ? "(?:/.+)?"
        : /^\[\.\.\..+\]$/.test(seg)
          ? "/.+"
          : /^\[.+\]$/.test(seg)
            ? "/[^/]+"
            : `/${escape(seg)}`,
    )
    .join("");
  return new RegExp(`^${body}$`);
}

/** The pages Next prerendered and serves from its cache (`/`, `/about`, `/writing/x`…). */
export function prerenderedPages(distDir: string): Set<string> {
  const routes = readManifest(distDir, PRERENDER_MANIFEST)?.routes;
  if (!routes || typeof routes !== "object") return new Set();
  return new Set(
    Object.entries(routes as Record<string, { routeType?: unknown }>)
      .filter(([, r]) => r?.routeType === "page")
      .map(([p]) => p),
  );
}

/** `servesFile(decodedPath)` for a build in `distDir` and the public files in `publicDir`. */
export function fileCheck(distDir: string, publicDir: string): (decoded: string) => boolean {
  const appFiles = appFileRoutes(distDir);
  const staticRoot = path.resolve(distDir, "static");
  const publicRoot = path.resolve(publicDir);
  // Every build asset request asks: a file found once is remembered by its resolved path (so
  // bounded by the files on disk, however a client spells the path); a miss is not.
  const found = new Set<string>();
  return (decoded) => {
    if (appFiles.has(decoded)) return true;
    const [root, rest] = decoded.startsWith("/_next/static/")
      ? [staticRoot, decoded.slice("/_next/static/".length)]
      : [publicRoot, decoded.slice(1)];
    const file = path.resolve(root, rest);
    if (!file.startsWith(root + path.sep)) return false;
    if (found.has(file)) return true;
    try {
      if (!statSync(file).isFile()) return false;
      found.add(file);
      return true;
    } catch {
      return false;
    }
  };
}

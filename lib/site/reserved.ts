import { pageTopLevelNames } from "./pages";

/**
 * Names the site keeps for itself whatever app/ holds today: Next's assets, the build's
 * generated files, and the prefixes an API may grow into.
 */
const KEPT = ["_next", "generated", "api", "v1"];

/** A top-level entry of app/: its name, and whether it is a folder. */
export interface AppEntry {
  name: string;
  folder: boolean;
}

/** Next's file conventions at the top of app/ that serve a URL of their own name (metadata routes). */
const METADATA_ROUTE = /^(sitemap|robots|manifest|favicon|icon\d*|apple-icon\d*|opengraph-image|twitter-image)\./;

/** A folder that is a URL segment (not `[param]`, `(group)`, `@slot` or `_private`), or a metadata route file. */
function isRoute(e: AppEntry): boolean {
  return e.folder ? !/^[[(@_]/.test(e.name) : METADATA_ROUTE.test(e.name);
}

/**
 * The top-level names a content page may not take (`content/pages/<name>.md` would be
 * `/<name>`): every top-level route of app/ (a folder, or a metadata file route, without
 * its extension: app/llms.txt/ keeps "llms", sitemap.ts "sitemap"), the first segment of every declared page and API path,
 * and the kept names above. Derived, so a new route or page reserves its name by existing.
 */
export function reservedTopLevel(o: { appEntries: readonly AppEntry[]; apiPaths: Iterable<string> }): Set<string> {
  const names = new Set(KEPT);
  for (const entry of o.appEntries) if (isRoute(entry)) names.add(withoutExtension(entry.name));
  for (const name of pageTopLevelNames()) names.add(name);
  for (const p of o.apiPaths) {
    const first = p.split("/")[1];
    if (first) names.add(withoutExtension(first));
  }
  return names;
}

/** `feed.xml` → `feed`; `.well-known` stays as it is. */
const withoutExtension = (name: string) => name.replace(/(?<=.)\.[^.]*$/, "");

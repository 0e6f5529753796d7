/**
 * What server.mjs imports, compiled by scripts/build-edge.ts into `.edge/index.mjs`, so
 * `npm start` runs on Node with no TypeScript loader.
 */
import path from "node:path";
import { loadPageIndex } from "@/lib/site/page-index";
import { loadAppRoutes } from "./app-routes";
import { configure, type EdgeConfig } from "./configure";
import { appRouteCheck, fileCheck, metadataFileRoutes, prerenderedPages } from "./next-build";
import { createEdgeServer, listen, type NextHandler } from "./server";

export { configure, listen };
export type { EdgeConfig, NextHandler };

/**
 * The features instrumentation.ts decided are off (lib/features; it stops the process on one
 * set to `true` that cannot work): their pages are no pages here, and answer the site's 404.
 */
function offFeatures(): ReadonlySet<string> {
  const off = (globalThis as Record<symbol, unknown>)[Symbol.for("site.off-features")];
  if (Array.isArray(off)) return new Set(off as string[]);
  console.warn("> instrumentation.ts decided no features: every feature's pages are served");
  return new Set();
}

/** The server, once Next is prepared (its handler given) and the app's routes are loaded. */
export async function edgeServer(config: EdgeConfig, next: NextHandler) {
  const routes = await loadAppRoutes();
  // Without the app's handlers every request goes through Next, and proxy.ts does the routing.
  if (!routes) console.warn("> instrumentation.ts registered no app routes: every request goes through Next");
  return createEdgeServer({
    config,
    next,
    routes,
    index: loadPageIndex(config.env.SITE_DATA_DIR, offFeatures()),
    servesFile: fileCheck(".next", path.resolve("public")),
    nextRoute: appRouteCheck(".next"),
    prerendered: prerenderedPages(".next"),
    fileRoutes: metadataFileRoutes(".next"),
  });
}

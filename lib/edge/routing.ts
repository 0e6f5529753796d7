import { isHiddenPage, type PageIndex } from "@/lib/site/page-index";
import type { AppRoute, AppRoutes } from "./app-routes";
import { isUnusedNextPath, type Target } from "./target";
import { pageOfPath, twinRewrite } from "./twins";

/**
 * Which handler answers a request: one of the app's, called here (an endpoint, /mcp, a twin,
 * a page's methods, the 404), or Next (pages, files, everything else). Decided once, from the
 * request line, Accept, the build's page index and the app's routes.
 */
export type Decision =
  /** `url`: what the handler sees, the twin's when Accept chose it. */
  | { to: "app"; route: AppRoute; url: string }
  /** `url`: the same, for Next. `page`: the page whose HTML Next renders, for its headers and the ledger. */
  | { to: "next"; url: string; page?: string };

export interface RoutingInput {
  method: string;
  target: Target;
  accept: string | undefined;
}

export interface RoutingContext {
  index: PageIndex;
  routes: AppRoutes;
  /** Whether Next serves this decoded path as a file (lib/edge/next-build.ts). */
  servesFile: (decoded: string) => boolean;
  /** Whether Next has a route of its own for this decoded path, neither a page nor a file (lib/edge/next-build.ts). */
  nextRoute: (decoded: string) => boolean;
  /** ENDPOINTS_VIA_NEXT=1: the app's routes (endpoints, /mcp, twins) are answered through Next's, for comparison. */
  viaNext?: boolean;
}

export function decide({ method, target, accept }: RoutingInput, context: RoutingContext): Decision {
  const { index, routes, servesFile, nextRoute, viaNext } = context;
  const { decoded, path, query } = target;
  const url = path + query;
  if (decoded === undefined || isUnusedNextPath(decoded)) return { to: "app", route: routes.unserved, url };
  // A page of a feature that is off, or its twin: the 404 of any unknown path, for every method.
  if (isHiddenPage(index, decoded)) return { to: "app", route: routes.unserved, url };
  const read = method === "GET" || method === "HEAD";
  if (read) {
    const twin = twinRewrite(index, decoded, accept);
    if (twin !== undefined) {
      const twinUrl = encodeURI(twin) + query;
      const route = viaNext ? undefined : routes.routeOf(twin);
      return route ? { to: "app", route, url: twinUrl } : { to: "next", url: twinUrl };
    }
  }
  // A client's own request for /twins/… is left to Next's route, with Next's path rules.
  const route = path === "/twins" || path.startsWith("/twins/") ? undefined : routes.routeOf(path);
  if (route) return viaNext ? { to: "next", url } : { to: "app", route, url };
  const page = pageOfPath(index, decoded);
  if (page) {
    if (!read) return { to: "app", route: routes.pageMethods, url };
    return page.md ? { to: "next", url } : { to: "next", url, page: page.page };
  }
  if (method === "OPTIONS" && servesFile(decoded)) return { to: "app", route: routes.filePreflight, url };
  if (nextRoute(decoded) || servesFile(decoded)) return { to: "next", url };
  // Next redirects a known path with a trailing slash to the path without it (308).
  const bare = decoded.replace(/(.)\/+$/, "$1");
  if (bare !== decoded && (nextRoute(bare) || servesFile(bare) || routes.routeOf(bare))) return { to: "next", url };
  // No page, route or file: the site's 404, without Next. Next would resolve the path
  // against its routes first (a dynamic page's 404 in HTML for /tags/nope.md) and keep it in
  // its path cache, which a client walking random long paths fills (bench/NEXT.md, the soak).
  return { to: "app", route: routes.unserved, url };
}

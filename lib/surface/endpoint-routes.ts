import { ALL_METHODS, endpointHandlers, readOnlyMethods, type AnyMethod, type RouteHandler } from "@/lib/core/route";
import { preflightResponse } from "@/lib/core/response";
import type { AppRoute, AppRoutes } from "@/lib/edge/app-routes";
import { recordCrawlerVisit } from "@/lib/ledger/record";
import { unservedPathHandler } from "@/lib/site/not-found";
import { twinRoute, type TwinContext } from "@/lib/site/twins";
import { robotsRoute } from "@/lib/site/robots";
import { endpoints } from "./endpoints";
import { knownPaths } from "./served-paths";
import { mcpRoute } from "./mcp/route";

/**
 * The app's routes as the edge calls them (lib/edge/app-routes.ts): the very handlers the
 * route files export (`endpointHandlers(endpoint)`, `mcpRoute`, `twinRoute()`, the 404's),
 * called with a standard Request and without Next's request pipeline. What a client sees is
 * the same either way, because lib/core builds all of it (tests/endpoint-routes.test.ts sends
 * the same requests both ways). Loaded through instrumentation.ts, so Next compiles it with
 * the app (same aliases, one copy of the store and the budgets).
 */

let table: Map<string, Record<AnyMethod, RouteHandler>> | undefined;
let twins: Record<AnyMethod, RouteHandler> | undefined;

function routes(): Map<string, Record<AnyMethod, RouteHandler>> {
  if (table) return table;
  table = new Map(endpoints().flatMap((e) => (e.http ? [[e.http.path, endpointHandlers(e)] as const] : [])));
  // The MCP transport: its tools are the endpoints above, so it gains what they gain.
  table.set("/mcp", mcpRoute);
  // Not an endpoint, but a text the site serves: compressed and revalidated like the rest.
  table.set("/robots.txt", robotsRoute);
  return table;
}

const TWINS = "/twins";
const isTwinPath = (path: string) => path === TWINS || path.startsWith(`${TWINS}/`);
/** This server outlives the response, so deferred work (a crawler visit's count) just runs. */
const defer = (work: Promise<unknown>) => void work.catch((err: unknown) => console.error("[edge] deferred work failed", err));

function routeOf(path: string): AppRoute | undefined {
  const handlers = routes().get(path);
  if (handlers) return { handlers };
  if (!isTwinPath(path)) return undefined;
  // Next's optional catch-all: the decoded segments after /twins, none for /twins itself.
  let segments: string[];
  try {
    segments = path.slice(TWINS.length).split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return undefined;
  }
  const ctx: TwinContext = { params: Promise.resolve(segments.length ? { path: segments } : {}), defer };
  return { handlers: (twins ??= twinRoute(knownPaths)), ctx };
}

const allMethods = (handler: RouteHandler) => Object.fromEntries(ALL_METHODS.map((m) => [m, handler])) as Record<AnyMethod, RouteHandler>;

export const appRoutes: AppRoutes = {
  routeOf,
  pageMethods: {
    handlers: allMethods(async (req) => {
      const refused = readOnlyMethods(req, new URL(req.url).pathname);
      if (!refused) throw new Error(`the edge sent a ${req.method} of a page to its methods handler`);
      return refused;
    }),
  },
  unserved: { handlers: allMethods(unservedPathHandler(knownPaths)) },
  filePreflight: { handlers: allMethods(async () => preflightResponse(["GET", "HEAD", "OPTIONS"])) },
  recordVisit: (method, userAgent) => recordCrawlerVisit(method, userAgent ?? null, defer),
};

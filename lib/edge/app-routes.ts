/**
 * What the app hands the edge: the handlers its route files export, called with a standard
 * Request, without Next's request pipeline around them (bench/HISTORY.md#edge-endpoints). Implemented by
 * lib/surface/endpoint-routes.ts, which Next compiles with the app, so the handlers share the
 * app's store, budgets and caches; instrumentation.ts leaves a loader for it (`loadAppRoutes`).
 */
export type RouteHandler = (req: Request, ctx?: unknown) => Promise<Response>;

/** The methods a route answers (every one a route handler can take), and the route context Next would give them. */
export interface AppRoute {
  handlers: Readonly<Record<string, RouteHandler>>;
  ctx?: unknown;
}

export interface AppRoutes {
  /**
   * What answers `path` (as sent, without its query) here: exactly a registered endpoint's
   * path or /mcp, or a Markdown twin's (`/twins/…`).
   */
  routeOf(path: string): AppRoute | undefined;
  /** A page for anything but GET and HEAD: the preflight, or the 405 with Allow. */
  pageMethods: AppRoute;
  /** The 404 of every unknown path (and the 400 of a malformed one), in the asked format. */
  unserved: AppRoute;
  /** The preflight of a file the site serves. */
  filePreflight: AppRoute;
  /** Counts a page read by an AI crawler for the ledger, after the answer. */
  recordVisit(method: string, userAgent: string | undefined): void;
}

const LOADER = Symbol.for("site.app-routes");

/** The app's routes, once Next has prepared it; undefined when instrumentation.ts registered none. */
export async function loadAppRoutes(): Promise<AppRoutes | undefined> {
  const load = (globalThis as Record<symbol, unknown>)[LOADER];
  return typeof load === "function" ? ((await load()) as AppRoutes) : undefined;
}

/** What instrumentation.ts calls, under any server: only the edge ever loads the module. */
export function registerAppRoutes(load: () => Promise<AppRoutes>): void {
  (globalThis as Record<symbol, unknown>)[LOADER] = load;
}

import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { NextRequest } from "next/server";
import { ALL_METHODS, endpointHandlers, type AnyMethod, type RouteHandler } from "@/lib/core/route";
import { preflightResponse } from "@/lib/core/response";
import { unservedPathHandler } from "@/lib/site/not-found";
import { twinRoute, type TwinContext } from "@/lib/site/twins";
import { endpoints } from "./endpoints";
import { knownPaths } from "./served-paths";
import { mcpRoute } from "./mcp/route";

/**
 * server.mjs's own way in to the registered endpoints, the MCP transport and the Markdown
 * twins: the very handlers their route files export (`endpointHandlers(endpoint)`,
 * `mcpRoute`, `twinRoute()`), called with the Node request turned into a Web one, without
 * Next's request pipeline around them. Measured in `npm run bench` (BENCH_ONLY=next), that
 * pipeline made a JSON endpoint 0.71× as fast as a minimal Next app's route; answered here
 * it is several times faster. What a client sees is the same either way, because
 * lib/core/http.ts builds all of it (tests/endpoint-routes.test.ts sends the same requests
 * both ways). Pages and every other path still go through Next, and so does everything
 * under `next start` or on a platform.
 *
 * Loaded by instrumentation.ts, so Next compiles it with the app (same aliases, same
 * dependencies, one build) and server.mjs picks it up after `app.prepare()`.
 */

let table: Map<string, Record<AnyMethod, RouteHandler>> | undefined;
let twins: Record<AnyMethod, RouteHandler> | undefined;

function routes(): Map<string, Record<AnyMethod, RouteHandler>> {
  if (table) return table;
  table = new Map(endpoints().flatMap((e) => (e.http ? [[e.http.path, endpointHandlers(e)] as const] : [])));
  // The MCP transport: its tools are the endpoints above, so it gains what they gain.
  table.set("/mcp", mcpRoute);
  return table;
}

const TWINS = "/twins";
const isTwinPath = (path: string) => path === TWINS || path.startsWith(`${TWINS}/`);

/** What answers one path here: its handlers, and the route context Next would give them. */
export interface EndpointRoute {
  handlers: Record<AnyMethod, RouteHandler>;
  ctx?: TwinContext;
}

/**
 * What answers `path` (as sent, without its query) here, if anything: exactly a registered
 * endpoint's path or /mcp, or a Markdown twin's (`/twins/…`, where server.mjs rewrites `<page>.md`
 * and Markdown requests for a page; app/twins/[[...path]]/route.ts under Next).
 */
export function routeOf(path: string): EndpointRoute | undefined {
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
  return {
    handlers: (twins ??= twinRoute(knownPaths)),
    ctx: {
      params: Promise.resolve(segments.length ? { path: segments } : {}),
      // This server outlives the response, so deferred work (a crawler visit's count) just runs.
      defer: (work) => void work.catch((err: unknown) => console.error("[twins] deferred work failed", err)),
    },
  };
}

let unserved: EndpointRoute | undefined;
let fileOptions: EndpointRoute | undefined;
const allMethods = (handler: RouteHandler) => Object.fromEntries(ALL_METHODS.map((m) => [m, handler])) as Record<AnyMethod, RouteHandler>;

/**
 * OPTIONS on a path that is neither an endpoint nor a page. Next answers it with an empty
 * 400 (an unknown `/x.json`), 405 (a file of app/ like /favicon.ico) or 500 (a file of
 * public/): a file the site serves gets the preflight a page gets, anything else the 404 of
 * every unknown path, both in the one shape and with the CORS headers a browser reads.
 */
export function optionsRouteOf(servedFile: boolean): EndpointRoute {
  if (servedFile) return (fileOptions ??= { handlers: allMethods(async () => preflightResponse(["GET", "HEAD", "OPTIONS"])) });
  return unservedRoute();
}

/**
 * The 404 of every unknown path, for any method. Also what answers Next's image optimizer
 * and pages-router data paths (`/_next/image`, `/_next/data/…`): this site uses neither, and
 * Next's own answers there are bare text or HTML, outside the one Error shape.
 */
export function unservedRoute(): EndpointRoute {
  return (unserved ??= { handlers: allMethods(unservedPathHandler(knownPaths)) });
}

const METHODS = new Set<string>(ALL_METHODS);

/**
 * Answers `req` with `route`. server.mjs has already stamped the caller,
 * refused an oversized body and mapped a method Next would not route to PATCH.
 */
export async function serveEndpoint(route: EndpointRoute, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = req.method ?? "GET";
  if (!METHODS.has(method)) throw new Error(`${method} is not a method Next routes`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  // Aborted only when the client goes away before the answer is complete (Next does the same).
  const aborter = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) aborter.abort();
  });
  const hasBody = method !== "GET" && method !== "HEAD";
  const request = new NextRequest(`http://localhost${req.url ?? "/"}`, {
    method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: "half" } : {}),
  } as ConstructorParameters<typeof NextRequest>[1]);
  // The signal itself, not passed to the constructor: a Request made with a signal follows it
  // through a listener and a FinalizationRegistry entry that, under sustained load, were
  // released more slowly than requests arrived (the live heap grew 118 → 191 MB in 90 s).
  Object.defineProperty(request, "signal", { value: aborter.signal });
  const response = await route.handlers[method as AnyMethod](request, route.ctx);
  await writeResponse(response, req, res);
}

// What Next's own sendResponse (next/dist/server/send-response.js, 16.4) does with a route's
// Response, kept here so both ways in send the same bytes: Next drops these (a route's
// own encoding travels in wire.mjs's ENCODED_HEADER), lets only these repeat, and otherwise
// leaves a header server.mjs already set (the security headers) as it is.
const DROPPED = new Set(["content-length", "content-encoding", "transfer-encoding", "x-middleware-set-cookie"]);
const REPEATABLE = new Set(["set-cookie", "www-authenticate", "proxy-authenticate", "vary"]);

/** A Web Response onto Node's, under Next's rules for headers; an event stream is written as it comes. */
async function writeResponse(response: Response, req: IncomingMessage, res: ServerResponse): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (DROPPED.has(name) || name === "set-cookie") return;
    // Whether the connection stays open is Node's to decide from the request (a client's
    // Connection: close wins); a route may only ask to close it (after a refused body).
    if (name === "connection" || name === "keep-alive") {
      if (name === "connection" && /\bclose\b/i.test(value)) res.setHeader("connection", "close");
      return;
    }
    if (REPEATABLE.has(name) || res.getHeader(name) === undefined) res.appendHeader(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) res.appendHeader("set-cookie", cookie);
  if (!response.body || req.method === "HEAD") {
    res.end();
    return;
  }
  if (!/^text\/event-stream/i.test(response.headers.get("content-type") ?? "")) {
    // Whole answers are built in memory: one write, with its length.
    res.end(Buffer.from(await response.arrayBuffer()));
    return;
  }
  const reader = response.body.getReader();
  res.once("close", () => void reader.cancel().catch(() => {}));
  const flush = (res as ServerResponse & { flush?: () => void }).flush;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) return;
      const ok = res.write(value);
      // The compressor (server.mjs) would otherwise hold an event until its buffer fills.
      flush?.call(res);
      if (!ok) await drained(res);
    }
    res.end();
  } catch (err) {
    // The body failed after the status went out: all that is left is to cut the connection.
    res.destroy(err as Error);
  }
}

/** Resolves when `res` can take more, or is gone. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done).off("close", done);
      resolve();
    };
    res.on("drain", done).on("close", done);
  });
}

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { PageIndex } from "@/lib/site/page-index";
import type { AppRoutes } from "./app-routes";
import { chooseCoding, encode } from "./compress";
import { etagMatches, etagOf } from "@/lib/core/memo";
import type { EdgeConfig } from "./configure";
import { declaredTooLarge, tooLargeResponse } from "./limits";
import { EdgeResponse, toRequest, writeStream, writeWhole } from "./node";
import { clientErrorAnswer, connectAnswer, internalErrorResponse, listenFailure } from "./raw";
import { decide, type Decision } from "./routing";
import { securityHeadersFor } from "./security-headers";
import { markRouted, stampHeaders, stampedHere } from "./stamp";
import { ROUTABLE_METHODS, STAND_IN_METHOD, readTarget } from "./target";
import { LIVE_CACHE_CONTROL, PAGE_CACHE_CONTROL, pageLink, pageServing } from "./twins";
import { PageMemory, answer, capture, plainPageRequest, remember } from "./page-memory";

/** Next's request handler, as `next().getRequestHandler()` gives it. */
export type NextHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface EdgeParts {
  config: EdgeConfig;
  next: NextHandler;
  /** The app's handlers; without them every request goes to Next, and proxy.ts decides there. */
  routes: AppRoutes | undefined;
  index: PageIndex;
  servesFile: (decoded: string) => boolean;
  /** Whether Next has a route of its own for a path that is no page or file (lib/edge/next-build.ts). */
  nextRoute: (decoded: string) => boolean;
  /** The pages Next prerendered (lib/edge/next-build.ts). */
  prerendered: ReadonlySet<string>;
  /** Next's file routes of app/ (`/sitemap.xml`, the icons): the same bytes for the process's life, served from memory too. */
  fileRoutes?: ReadonlySet<string>;
}

/**
 * A path Next routes to the 404 handler (app/[...rest]), for a malformed target when the
 * edge has no handlers of its own to answer it with.
 */
const MALFORMED_URL = "/__site/malformed-path.invalid";

/**
 * Every request, in order: a body too large is refused; the caller is stamped; the request
 * is answered by one of the app's handlers (its standard Response gets the security headers
 * and its compression, then goes out as it is) or handed to Next with what proxy.ts would
 * have done already done.
 */
export function edgeListener(parts: EdgeParts): (req: IncomingMessage, res: ServerResponse) => void {
  const { stamp, endpointsViaNext } = parts.config;
  const { routes } = parts;
  const memory = new PageMemory();

  function route(req: IncomingMessage, res: ServerResponse): void {
    if (declaredTooLarge(req.headers["content-length"])) {
      void send(tooLargeResponse(), req, res).catch((err: unknown) => fail(res, err));
      return;
    }
    // This process's own request back through a proxy.ts rewrite: already stamped and routed.
    if (stampedHere(req.headers, stamp)) return toNext(req, res);
    const sent = req.method ?? "GET";
    const foreign = ROUTABLE_METHODS.has(sent) ? undefined : sent;
    if (foreign !== undefined) req.method = STAND_IN_METHOD;
    const target = readTarget(req.url ?? "");
    stampHeaders(req.headers, stamp, {
      socketAddress: req.socket.remoteAddress ?? "",
      foreignMethod: foreign,
      malformed: target.decoded === undefined,
    });
    if (!routes) {
      if (target.decoded === undefined) req.url = MALFORMED_URL;
      return toNext(req, res);
    }
    const method = req.method ?? "GET";
    const decision = decide(
      { method, target, accept: req.headers.accept },
      { index: parts.index, routes, servesFile: parts.servesFile, nextRoute: parts.nextRoute, viaNext: endpointsViaNext },
    );
    if (decision.to === "app") {
      void serveApp(decision, method, req, res).catch((err: unknown) => fail(res, err));
      return;
    }
    req.url = decision.url;
    markRouted(req.headers);
    if (decision.page !== undefined) {
      // Set before Next renders the page, which keeps them (Vary joins its own: EdgeResponse).
      res.setHeader("vary", "Accept");
      res.setHeader("link", pageLink(decision.page));
      const serving = pageServing(parts.index, decision.page, parts.prerendered);
      // Only without a query string: a page rendered for a query (/search?q=, /lens?url=)
      // reads the caller (its budgets, a 429's text), so it keeps Next's `private, no-store`;
      // and Next answers an RSC request without `_rsc` with a 307 no shared cache may keep.
      if (target.query === "" && req.headers.rsc === undefined)
        res.setHeader("cache-control", serving === "memory" ? PAGE_CACHE_CONTROL : LIVE_CACHE_CONTROL);
      routes.recordVisit(method, req.headers["user-agent"]);
      // Memory answers the page's own spelling only; Next answers the others (`/about/`: a 308).
      const canonical = target.path === decision.page || target.path === encodeURI(decision.page);
      if (canonical && plainPageRequest(req, target.query) && (serving === "memory" ? fromMemory(decision.page, req, res) : held(req, res)))
        return;
    } else if (memorableFile(target.decoded) && plainPageRequest(req, target.query)) {
      if (fromMemory(target.decoded, req, res)) return;
    }
    toNext(req, res);
  }

  /** Next's own file routes (the sitemap, the icons), not an app handler's answer sent through Next (ENDPOINTS_VIA_NEXT). */
  function memorableFile(decoded: string | undefined): decoded is string {
    return decoded !== undefined && parts.fileRoutes?.has(decoded) === true && routes?.routeOf(decoded) === undefined;
  }

  /**
   * A page or file the same for the process's life: answered from memory when kept; else the
   * first GET renders it through Next (in identity, so the body kept is the page's own), held
   * until kept with its encodings, then answered from what is kept. True when answered here.
   */
  function fromMemory(key: string, req: IncomingMessage, res: ServerResponse): boolean {
    const kept = memory.get(key);
    if (kept) {
      answer(kept, req, res, securityHeadersFor(req.headers["x-forwarded-proto"]));
      return true;
    }
    // Next's own Cache-Control for a metadata file (`max-age=0`) or a page it renders per request
    // (`private`): every answer, the first as Next writes it included, says what the kept ones will.
    const prepare = () => {
      if (res.statusCode === 200) res.setHeader("cache-control", PAGE_CACHE_CONTROL);
    };
    if (req.method !== "GET") return false;
    if (!memory.claim(key)) {
      // Rendered again while the first render is kept: Next answers, with the kept head.
      capture(res, true, () => {}, prepare);
      toNext(req, res);
      return true;
    }
    // Held, not streamed: the first visitor after a start gets the page compressed like every
    // later one (streamed in identity it was 40 KB of HTML instead of 8), for the few
    // milliseconds the encodings take once.
    const coding = req.headers["accept-encoding"];
    delete req.headers["accept-encoding"];
    capture(res, false, (status, headers, body) => {
      const keep = status === 200 && !headers.some(([k]) => k === "set-cookie" || k === "content-encoding");
      if (!keep) {
        memory.release(key, undefined);
        prepare();
        res.end(body);
        return;
      }
      const etag = headers.find(([k]) => k === "etag")?.[1];
      const shared = headers.map(([k, v]): [string, string] => (k === "cache-control" ? [k, PAGE_CACHE_CONTROL] : [k, v]));
      remember(status, shared, body, { etag, once: true }).then(
        (entry) => {
          memory.release(key, entry);
          if (coding !== undefined) req.headers["accept-encoding"] = coding;
          answer(entry, req, res, securityHeadersFor(req.headers["x-forwarded-proto"]));
        },
        (err: unknown) => {
          memory.release(key, undefined);
          fail(res, err);
        },
      );
    });
    toNext(req, res);
    return true;
  }

  /** A live page: Next renders it, the edge holds the answer whole for its ETag, 304 and encoding. */
  function held(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== "GET") return false;
    const coding = req.headers["accept-encoding"];
    delete req.headers["accept-encoding"];
    capture(res, false, (status, headers, body) => {
      if (status !== 200 || headers.some(([k]) => k === "content-encoding")) {
        res.end(body);
        return;
      }
      if (coding !== undefined) req.headers["accept-encoding"] = coding;
      // Only the coding this client takes, and none for a 304.
      const chosen = etagMatches(req.headers["if-none-match"], etagOf(body)) ? undefined : chooseCoding(coding);
      remember(status, headers, body, { once: false, codings: chosen ? [chosen] : [] })
        .then((entry) => answer(entry, req, res, []))
        .catch((err: unknown) => fail(res, err));
    });
    toNext(req, res);
    return true;
  }

  function toNext(req: IncomingMessage, res: ServerResponse): void {
    parts.next(req, res).catch((err: unknown) => fail(res, err));
  }

  async function serveApp(decision: Extract<Decision, { to: "app" }>, method: string, req: IncomingMessage, res: ServerResponse) {
    const handler = decision.route.handlers[method];
    if (!handler) throw new Error(`no ${method} handler for ${decision.url}`);
    await send(await handler(toRequest(req, res, method, decision.url), decision.route.ctx), req, res);
  }

  return (req, res) => {
    // A throw here would otherwise leave the request unanswered until its deadline.
    try {
      route(req, res);
    } catch (err) {
      fail(res, err);
    }
  };
}

/**
 * The last word on an answer the edge serves: the builder's headers, plus the security
 * headers and its encoding; then it goes out as it is.
 */
async function send(response: Response, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const own = securityHeadersFor(req.headers["x-forwarded-proto"]);
  if (/^text\/event-stream/i.test(response.headers.get("content-type") ?? "")) return writeStream(response, req, res, own);
  writeWhole(await encode(response, req.headers["accept-encoding"], req.method === "HEAD"), req, res, own);
}

function fail(res: ServerResponse, err: unknown): void {
  console.error("[edge] unhandled request error", err);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  void send(internalErrorResponse(), res.req, res).catch(() => res.destroy());
}

/** The HTTP server `npm start` listens with: the edge's listener, deadlines and answers for what never reaches it. */
export function createEdgeServer(parts: EdgeParts): Server {
  const d = parts.config.deadlines;
  const server = createServer(
    {
      headersTimeout: d.headersTimeout,
      requestTimeout: d.requestTimeout,
      connectionsCheckingInterval: d.connectionsCheckingInterval,
      ServerResponse: EdgeResponse,
    },
    edgeListener(parts),
  );
  server.on("connect", (_req: IncomingMessage, socket: import("node:stream").Duplex) => socket.end(connectAnswer()));
  server.on("clientError", (err: NodeJS.ErrnoException, socket: import("node:stream").Duplex) => {
    const answer = socket.writable ? clientErrorAnswer(err.code) : undefined;
    if (answer === undefined) socket.destroy();
    else socket.end(answer);
  });
  // A client that half-closes still gets its answer, within the grace (lib/edge/limits.ts).
  // (A property of Node's http.Server that @types/node does not declare.)
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  server.on("connection", (socket) => {
    socket.once("end", () => {
      const cut = setTimeout(() => socket.destroy(), d.halfCloseGraceMs);
      socket.once("close", () => clearTimeout(cut));
    });
  });
  server.keepAliveTimeout = d.keepAliveTimeout;
  return server;
}

/** Listens, says so, and stops on SIGINT/SIGTERM; a port it cannot take is one line, not a stack. */
export function listen(server: Server, config: Pick<EdgeConfig, "port" | "hostname">): void {
  const { port, hostname } = config;
  server.on("error", (err: NodeJS.ErrnoException) => {
    const line = listenFailure(err.code, port, hostname);
    if (line === undefined) throw err;
    console.error(line);
    process.exit(1);
  });
  server.listen(port, hostname, () => {
    console.log(`> Ready on http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${port}`);
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      server.close(() => process.exit(0));
      setTimeout(() => process.exit(0), 3000).unref();
    });
  }
}

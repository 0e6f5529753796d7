// What `npm start` runs: a plain Node HTTP server in front of Next's own request handler.
// Its first job is to tell the app the socket address of each caller. Next passes a
// client-sent X-Forwarded-For through unchanged, so headers alone cannot identify a caller;
// this server deletes any client-sent copy of its own header and stamps the real address in
// it (lib/core/caller.ts reads it). It also answers at the edge what Next cannot (oversized
// bodies, foreign methods, malformed requests, OPTIONS on a path that is no endpoint or
// page), and hands the API, /mcp and the Markdown twins to their route handlers directly
// (lib/surface/endpoint-routes.ts). (Plain JS so production needs no TypeScript loader.)
import { randomBytes } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import next from "next";
import {
  COMPRESSIBLE,
  COMPRESS_THRESHOLD,
  ENCODED_HEADER,
  ERROR_HEADERS,
  MAX_BODY_BYTES,
  errorBody,
  rawErrorResponse,
} from "./lib/core/wire.mjs";
import {
  HOME_LINK,
  ROUTED_HEADER,
  isHiddenPage,
  loadPageIndex,
  normalizePath,
  pageOfMdPath,
  twinRewrite,
} from "./lib/site/page-routing.mjs";
import { loadCrawlerTokens, productTokens } from "./lib/core/crawler-tokens.mjs";
import { settleHeaders } from "./lib/site/response-headers.mjs";
import { HSTS_HEADER, SECURITY_HEADERS } from "./lib/site/security-headers.mjs";
import { bakedSiteUrl, canonicalSiteUrl } from "./lib/site/baked-url.mjs";
import compression from "next/dist/compiled/compression/index.js";

const SOCKET_HEADER = "x-site-socket-ip";
// A path with broken percent-encoding goes to the app's catch-all route marked with this
// header, so its 400 comes from the same response builder as every other answer.
const MALFORMED_PATH_HEADER = "x-site-malformed-path";
// A method Next cannot route (TRACE throws, PROPFIND or QUERY get a bare 400) goes on as
// PATCH, which no route serves, with the real one in this header for the 405's message.
const FOREIGN_METHOD_HEADER = "x-site-method";
const NEXT_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"]);
// The Host the client used: Next replaces Host on internal rewrites (lib/api/base-url.ts).
const REQUEST_HOST_HEADER = "x-site-request-host";
// A proxy.ts rewrite reaches this server again over loopback, from Next itself, with the
// original headers. A secret only this process knows marks headers it already stamped, so
// the second pass keeps the real client's address instead of stamping 127.0.0.1.
const STAMP_HEADER = "x-site-stamp";
const stamp = randomBytes(16).toString("hex");
// The app (lib/core/caller.ts) trusts the headers above only with this stamp: under plain
// `next start` nothing sets it, so a client-sent copy is worth nothing there either.
process.env.SITE_SERVER_STAMP = stamp;
const port = Number(process.env.PORT || 3000);
// How long a client may take to send its headers, and its whole request: a stalled upload
// is freed in seconds (Node's defaults are 60 s and 5 min), answered 408 in the Error shape.
const headersTimeout = Number(process.env.HEADERS_TIMEOUT_MS || 10_000);
const requestTimeout = Number(process.env.REQUEST_TIMEOUT_MS || 30_000);
const hostname = process.env.HOSTNAME || "0.0.0.0";

// Markdown twins are served straight from /twins/…: deciding here (the same code as
// proxy.ts) spares a twin the proxy pass and the loopback request of a proxy rewrite.
// Read again once the app has decided which features are off (below).
let pageIndex = loadPageIndex(process.env.SITE_DATA_DIR || ".site");
// A page read by an AI crawler goes through proxy.ts, which counts it for the ledger; any
// other reader's page GET is routed here and skips the proxy (ROUTED_HEADER).
const crawlerTokens = loadCrawlerTokens(process.env.SITE_DATA_DIR || ".site");
const maybeCrawler = (ua) => crawlerTokens === null || productTokens(ua).some((t) => crawlerTokens.has(t));

// Prerendered pages hold the absolute URLs of the address the build was made for (canonical
// links, og:url, JSON-LD, the sitemap). Serving them under another SITE_URL would send
// crawlers and share cards to the wrong host: refuse, and say how to fix it.
const bakedUrl = bakedSiteUrl();
const runtimeUrl = process.env.SITE_URL ? canonicalSiteUrl(process.env.SITE_URL) : "";
// The rule is lib/env.ts's (an http(s) origin), which the build enforces; checked here too so a
// wrong value is named at start, not as the first request's crash, nor echoed in a build hint.
if (runtimeUrl && !/^https?:\/\/[^/?#]+$/.test(runtimeUrl)) {
  console.error(`SITE_URL is ${process.env.SITE_URL}: it must be the site's address, scheme and host only, such as https://example.com`);
  process.exit(1);
}
if (runtimeUrl && bakedUrl && runtimeUrl !== bakedUrl) {
  console.error(
    `This build's pages carry absolute URLs for ${bakedUrl}, but SITE_URL is ${runtimeUrl}.\n` +
      `Build again with the address the site is served at: SITE_URL=${runtimeUrl} npm run build`,
  );
  process.exit(1);
}
// Without SITE_URL, pages rendered per request name the build's address too (lib/env.ts
// siteUrl), so every page's canonical link, og:url, JSON-LD and the sitemap agree; API
// answers and twins follow the request's host. Say so, since that address may not be this one.
if (!runtimeUrl && bakedUrl) {
  process.env.SITE_BUILT_URL = bakedUrl;
  const local = /^https?:\/\/(localhost|127\.|\[::1\])/.test(bakedUrl);
  console.log(
    `> SITE_URL is not set: pages name ${bakedUrl} (the build's address) in canonical links, share cards and the sitemap;` +
      ` the API and Markdown twins use each request's host. ` +
      (local ? "For a public site, build and start with SITE_URL=https://…" : `Start with SITE_URL=${bakedUrl} to use it everywhere.`),
  );
}

const app = next({ dev: false, hostname, port });
const handle = app.getRequestHandler();
await app.prepare();
// instrumentation.ts has decided which features are off (lib/features; it exits on one set to
// `true` that cannot work): their pages are no pages here, and answer the site's 404.
const offFeatures = globalThis[Symbol.for("site.off-features")];
if (!Array.isArray(offFeatures)) console.warn("> instrumentation.ts decided no features: every feature's pages are served");
else pageIndex = loadPageIndex(process.env.SITE_DATA_DIR || ".site", new Set(offFeatures));
// The registered API endpoints, /mcp and the twins are answered here with the handlers their
// route files export, without Next's request pipeline (lib/surface/endpoint-routes.ts says
// why); instrumentation.ts leaves the loader. Everything else goes to Next.
// ENDPOINTS_VIA_NEXT=1 sends them through Next too: the comparison the benchmark and
// tests/endpoint-routes.test.ts make, and a way out should the two ever differ.
const loadEndpointRoutes = globalThis[Symbol.for("site.endpoint-routes")];
const endpointRoutes =
  process.env.ENDPOINTS_VIA_NEXT !== "1" && typeof loadEndpointRoutes === "function" ? await loadEndpointRoutes() : undefined;
if (!endpointRoutes && process.env.ENDPOINTS_VIA_NEXT !== "1")
  console.warn("> instrumentation.ts registered no endpoint routes: every request goes through Next");

/** The path decoded, or undefined when its percent-encoding is broken (`/%ff`: Next would answer a bare 500). */
function decodedPath(pathname) {
  if (!pathname.includes("%")) return pathname;
  try {
    return decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
}

/** An answer written here, before Next: the spec's Error shape with the shared headers. */
function refuse(res, status, e, close = false) {
  const body = errorBody(status, e);
  res.writeHead(status, {
    ...ERROR_HEADERS,
    ...e.headers,
    "content-length": Buffer.byteLength(body),
    ...(close ? { connection: "close" } : {}),
  });
  res.end(body);
}

/** `/a/b?x=1` → [`/a/b`, `?x=1`]. */
function splitUrl(url) {
  const i = url.indexOf("?");
  return i < 0 ? [url, ""] : [url.slice(0, i), url.slice(i)];
}

const server = createServer({ headersTimeout, requestTimeout, connectionsCheckingInterval: 1000 }, (req, res) => {
  // A throw here would otherwise leave the request unanswered until its deadline.
  try {
    route(req, res);
  } catch (err) {
    fail(res, err);
  }
});

/** Decides how a request is answered (here, by an endpoint's own handler, or by Next) and starts it. */
function route(req, res) {
  // Here rather than in next.config.ts headers(): see lib/site/security-headers.mjs.
  for (const { key, value } of SECURITY_HEADERS) res.setHeader(key, value);
  if (
    String(req.headers["x-forwarded-proto"] ?? "")
      .split(",")[0]
      .trim() === "https"
  )
    res.setHeader(HSTS_HEADER.key, HSTS_HEADER.value);
  // No endpoint takes more than 64 KiB: a larger declared body is refused before anyone
  // buffers it (Next would hold up to 10 MB of it, even on a path that answers 405).
  if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES) {
    refuse(
      res,
      400,
      { code: "bad_request", error: `The request body is larger than ${MAX_BODY_BYTES} bytes.`, hint: "No endpoint takes a larger body." },
      true,
    );
    return;
  }
  /** The `.md` path of the page this request asked for, when it is a page (its answer depends on Accept). */
  let pageTwin;
  /** Extra `Link` for the answer (the home page's). */
  let link;
  /** The registered endpoint (or twin) this request is for, answered without Next. */
  let endpointRoute;
  if (req.headers[STAMP_HEADER] !== stamp) {
    req.headers[SOCKET_HEADER] = req.socket.remoteAddress ?? "";
    req.headers[REQUEST_HOST_HEADER] = req.headers.host ?? "";
    req.headers[STAMP_HEADER] = stamp;
    // (Checked first: a delete turns the headers object into a slow dictionary for Next's many reads.)
    if (MALFORMED_PATH_HEADER in req.headers) delete req.headers[MALFORMED_PATH_HEADER];
    if (FOREIGN_METHOD_HEADER in req.headers) delete req.headers[FOREIGN_METHOD_HEADER];
    if (ROUTED_HEADER in req.headers) delete req.headers[ROUTED_HEADER];
    if (!NEXT_METHODS.has(req.method ?? "")) {
      req.headers[FOREIGN_METHOD_HEADER] = req.method ?? "";
      req.method = "PATCH";
    }
    const url = req.url ?? "";
    const [pathname, query] = splitUrl(url);
    const decoded = url.startsWith("/") ? decodedPath(pathname) : undefined;
    // `*` (OPTIONS *) and absolute-form targets are not paths the app has: a 400.
    if (decoded === undefined) {
      req.headers[MALFORMED_PATH_HEADER] = "1";
      req.url = "/__site/malformed-path.invalid";
    } else if (endpointRoutes && isHiddenPage(pageIndex, decoded)) {
      // A page of a feature that is off, or its twin: the 404 of any unknown path, for every method.
      endpointRoute = endpointRoutes.unservedRoute();
    } else if (req.method === "GET" || req.method === "HEAD") {
      const twin = twinRewrite(pageIndex, decoded, req.headers.accept);
      const page = normalizePath(pageOfMdPath(decoded) ?? decoded);
      if (pageIndex.pages.has(page)) pageTwin = mdPathOf(page);
      if (twin) req.url = `${encodeURI(twin)}${query}`;
      else if (pageTwin && page === decoded && !maybeCrawler(req.headers["user-agent"])) {
        // What proxy.ts would do for this request is done: skip it.
        req.headers[ROUTED_HEADER] = "1";
        if (page === "/") link = HOME_LINK;
      }
    }
    // Exactly a registered endpoint's path, or a twin this server rewrote to (`/about.md` is
    // `/twins/about`; `/resume` asked for as Markdown is `/resume.md`, an endpoint). A client's
    // own request for /twins/… is left to Next's route, with Next's path rules.
    const [target] = splitUrl(req.url ?? "");
    if (endpointRoute === undefined && decoded !== undefined && endpointRoutes && (req.url !== url || !target.startsWith("/twins")))
      endpointRoute = endpointRoutes.routeOf(target);
    // Next's image optimizer and pages-router data: unused here, and their errors are not in the Error shape.
    if (endpointRoutes && decoded !== undefined && NEXT_UNUSED.test(decoded)) endpointRoute = endpointRoutes.unservedRoute();
    // OPTIONS on what is neither an endpoint nor a page: Next would answer a bare 400, 405 or 500.
    if (endpointRoute === undefined && endpointRoutes && decoded !== undefined && req.method === "OPTIONS") {
      if (!pageIndex.pages.has(normalizePath(pageOfMdPath(decoded) ?? decoded)))
        endpointRoute = endpointRoutes.optionsRouteOf(servesFile(decoded));
    }
  }
  // JSON and text over 1 KiB go out compressed when the client accepts it (Next compresses
  // only the pages it renders); event streams are never held back for a compressor. A client
  // that accepts no encoding skips the compressor's wrapping (its answer is the identity one);
  // settleHeaders still adds the Vary: Accept-Encoding the compressor would have.
  const identityOnly = !ENCODINGS.test(String(req.headers["accept-encoding"] ?? ""));
  settleHeaders(res, { negotiated: pageTwin !== undefined, twinPath: pageTwin, link, varyEncoding: identityOnly });
  const answer = endpointRoute === undefined ? handle : (req, res) => endpointRoutes.serveEndpoint(endpointRoute, req, res);
  if (identityOnly) return serve(answer, req, res);
  compress(req, res, () => serve(answer, req, res));
}

/** Routes of app/ that are files (`/favicon.ico`, `/icon.svg`): no brackets, a dot in the last segment. */
const appFileRoutes = (() => {
  try {
    const routes = Object.values(JSON.parse(readFileSync(path.join(".next", "app-path-routes-manifest.json"), "utf8")));
    return new Set(routes.filter((route) => !route.includes("[") && /\.[^/]+$/.test(route)));
  } catch {
    return new Set();
  }
})();

/** Whether Next serves `decoded` as a file: one of public/, a build asset, or a file route of app/. */
function servesFile(decoded) {
  if (appFileRoutes.has(decoded)) return true;
  const [root, rest] = decoded.startsWith("/_next/static/")
    ? [path.resolve(".next", "static"), decoded.slice("/_next/static/".length)]
    : [path.resolve("public"), decoded.slice(1)];
  const file = path.resolve(root, rest);
  if (!file.startsWith(root + path.sep)) return false;
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The public `.md` path of a page's twin. */
function mdPathOf(page) {
  return page === "/" ? "/index.md" : `${page}.md`;
}

const ENCODINGS = /\b(gzip|deflate|br)\b/i;
const NEXT_UNUSED = /^\/_next\/(image(\/|$)|data\/)/;

// Next sets a route's headers with appendHeader, so Content-Type can arrive as an array,
// which the compressor's own filter does not read: decide from its first value here.
const compress = compression({
  threshold: COMPRESS_THRESHOLD,
  filter: (_req, res) => {
    if (res.getHeader(ENCODED_HEADER)) return false;
    const type = res.getHeader("content-type");
    return COMPRESSIBLE.test(String(Array.isArray(type) ? type[0] : (type ?? "")));
  },
});

function serve(answer, req, res) {
  answer(req, res).catch((err) => fail(res, err));
}

/**
 * Only reached when this server, Next itself or the Node-to-Web bridge fails before any route
 * runs: the same Error shape and headers as lib/core/http.ts's errorResponse, written by hand.
 */
function fail(res, err) {
  console.error("[server] unhandled request error", err);
  if (!res.headersSent) {
    refuse(res, 500, {
      code: "internal_error",
      error: "Something went wrong on our side.",
      hint: "Try again later; the failure was logged.",
    });
  } else res.destroy();
}
// CONNECT never reaches a request handler: without this, Node drops the socket unanswered.
server.on("connect", (req, socket) => {
  socket.end(
    rawErrorResponse(405, {
      code: "method_not_allowed",
      error: "CONNECT is not served: this is not a proxy.",
      hint: "Use one of the methods in the Allow header.",
      headers: { allow: "GET, HEAD, OPTIONS" },
      extras: { allow: ["GET", "HEAD", "OPTIONS"] },
    }),
  );
});
// Requests Node itself refuses (unparseable, headers over its limit, too slow) get the
// spec's Error shape instead of an empty 400/431/408, while the socket can still take it.
server.on("clientError", (err, socket) => {
  if (!socket.writable || err.code === "ECONNRESET") return socket.destroy();
  const status = err.code === "HPE_HEADER_OVERFLOW" ? 431 : err.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
  const error =
    status === 431
      ? "The request headers are too large."
      : status === 408
        ? "The request took too long to arrive."
        : "The request is not valid HTTP.";
  const hint =
    status === 431
      ? "The URL and headers together must fit in 16 KB: send long input in a POST body (POST /ask takes a long history as context.prev)."
      : "Send a well-formed HTTP/1.1 request.";
  socket.end(rawErrorResponse(status, { code: "bad_request", error, hint, headers: {} }));
});
// A port already taken is the owner's everyday start-up failure: say so in one line, not a stack.
server.on("error", (err) => {
  if (err.code === "EADDRINUSE" || err.code === "EACCES") {
    console.error(
      err.code === "EADDRINUSE"
        ? `Port ${port} on ${hostname} is already in use (another npm start?). Stop it, or start on another port: PORT=${port + 1} npm start`
        : `Port ${port} needs more privileges than this process has. Start on a port above 1023: PORT=3000 npm start`,
    );
    process.exit(1);
  }
  throw err;
});
// A client may send its request and shut its sending side (`nc -N`, some proxies): Node's
// default then aborts the request and closes the socket, so any answer that awaited I/O (the
// store, a body) was lost. Half-open, the answer goes out and the socket closes after it.
// But a client that went away looks the same (its FIN), and its request's work (a lens fetch)
// must stop: an answer not sent within the grace period is cut, which aborts that work. The
// grace covers a first /ask on a cold, loaded machine (model load plus route compile).
server.httpAllowHalfOpen = true;
const HALF_CLOSE_GRACE_MS = 2_000;
server.on("connection", (socket) => {
  socket.once("end", () => {
    const cut = setTimeout(() => socket.destroy(), HALF_CLOSE_GRACE_MS);
    socket.once("close", () => clearTimeout(cut));
  });
});
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => {
  console.log(`> Ready on http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${port}`);
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 3000).unref();
  });
}

import { NextResponse, type NextFetchEvent, type NextRequest } from "next/server";
import { readOnlyMethods } from "@/lib/core/route";
import { readTarget } from "@/lib/edge/target";
import path from "node:path";
import { fileCheck, prerenderedPages } from "@/lib/edge/next-build";
import { LIVE_CACHE_CONTROL, PAGE_CACHE_CONTROL, pageLink, pageOfPath, pageServing, twinRewrite } from "@/lib/edge/twins";
import { allPagePaths, isHidden, isRoutePath, pageIndex } from "@/lib/site/paths";
import { pageOfMdPath } from "@/lib/site/page-index";
import { preflightResponse } from "@/lib/core/response";
import { malformedPathResponse, notFoundResponse } from "@/lib/site/not-found";
import { recordCrawlerVisit } from "@/lib/ledger/record";

/**
 * What the edge (lib/edge) does before Next under `npm start`, done here where nothing runs
 * in front of Next (`next start`, Vercel, `next dev`), for pages and their Markdown twins
 * (API routes answer for themselves through lib/core/response.ts, the same builder used here):
 *  - a method other than GET/HEAD/OPTIONS on a page is a 405 with Allow, like the API;
 *  - `<page>.md`, and `Accept: text/markdown` ranked at or above HTML, get the page's twin
 *    (lib/edge/twins.ts decides, for both);
 *  - a page's HTML links its twin, and the home page where machines find the API; a page
 *    the same for the process's life (prerendered, or decided at start) is cached minutes,
 *    not a year, in shared caches, a live page by any cache that revalidates it (for the plain
 *    GETs of prerendered pages, which the proxy no longer sees, next.config.ts sets the same);
 *  - a page read by an identified AI crawler is counted for /ledger.json, after the
 *    response (a twin is counted by the twins route it is rewritten to);
 *  - a path with broken percent-encoding is a 400 in the Error shape (Next's is a bare 500);
 *  - a CORS preflight on a file is the preflight a page gets, on an unknown path the 404;
 *  - a page of a feature that is off (lib/features), and its twin, is the site's 404 for
 *    every method, though the build prerendered it (a plain GET of a prerendered one, which the
 *    proxy does not see, gets the 404 the page itself renders for it: app/tags/[tag], the
 *    collection pages).
 */
// What Next's build says (lib/edge/next-build.ts), read once; nothing where the build's
// output is not beside the proxy (a platform's function), which then keeps Next's answers.
const root = () => /*turbopackIgnore: true*/ process.cwd();
let prerenderedSet: ReadonlySet<string> | undefined;
const prerendered = () => (prerenderedSet ??= prerenderedPages(path.join(root(), ".next")));
let servesFile: ((decoded: string) => boolean) | undefined;
const isFile = (decoded: string) => (servesFile ??= fileCheck(path.join(root(), ".next"), path.join(root(), "public")))(decoded);

/**
 * A CORS preflight on what is neither a page nor a route of its own: a file the site serves
 * gets the preflight a page gets, anything else the 404 (Next answers 405 for a file of app/,
 * a bare 400 for an unknown `/x.json`, 500 for a file of public/).
 */
function preflightElsewhere(req: NextRequest, decoded: string): Response | Promise<Response> | undefined {
  if (isRoutePath(decoded) || decoded === "/twins" || decoded.startsWith("/twins/")) return undefined;
  return isFile(decoded) ? preflightResponse(["GET", "HEAD", "OPTIONS"]) : notFoundResponse(req, allPagePaths);
}

export function proxy(req: NextRequest, event: NextFetchEvent) {
  const { pathname } = req.nextUrl;
  const { decoded } = readTarget(pathname);
  if (decoded === undefined) return malformedPathResponse(req.method === "HEAD");
  if (isHidden(decoded)) return notFoundResponse(req, allPagePaths);
  const index = pageIndex();
  const hit = pageOfPath(index, pathname);
  // OPTIONS on what is no page would reach app/[page] (a bare 400), a file (405 or 500), or a
  // route that answers it: the proxy answers the first two (suggesting pages only, so the
  // proxy does not load the whole API registry).
  if (!hit) {
    // A `.md` path of no page is the site's 404 in Markdown, not a dynamic page's HTML one.
    if (pageOfMdPath(decoded) !== undefined && !isRoutePath(decoded) && !isFile(decoded)) return notFoundResponse(req, allPagePaths);
    return (req.method === "OPTIONS" && preflightElsewhere(req, decoded)) || NextResponse.next();
  }
  // A twin with its own registered endpoint (/developers.md, /resume.md) answers for itself.
  if (hit.md && index.twinTargets.get(hit.page) === pathname) return NextResponse.next();

  const refused = readOnlyMethods(req, pathname);
  if (refused) return refused;

  const target = twinRewrite(index, pathname, req.headers.get("accept"));
  if (target) {
    const url = req.nextUrl.clone();
    url.pathname = target;
    const res = NextResponse.rewrite(url);
    res.headers.set("vary", "Accept");
    return res;
  }
  recordCrawlerVisit(req.method, req.headers.get("user-agent"), (work) => event.waitUntil(work));
  const res = NextResponse.next();
  if (!hit.md) {
    // Next 16.4 drops this Vary for its own (tests/edge-battery.ts, DIFFERENCES.pageVary).
    res.headers.set("vary", "Accept");
    res.headers.set("link", pageLink(hit.page));
    // Set before Next renders, which keeps it over its own `private, no-store` (docs/performance.md);
    // never for a query, whose page may read the caller (lib/edge/server.ts says the same).
    if (req.nextUrl.search === "" && !req.headers.has("rsc"))
      res.headers.set("cache-control", pageServing(index, hit.page, prerendered()) === "memory" ? PAGE_CACHE_CONTROL : LIVE_CACHE_CONTROL);
  }
  return res;
}

/**
 * Which requests run the proxy. Next runs it before the route and it costs a Request of its own
 * (bench/HISTORY.md#proxy-matcher, bench/NEXT.md "Pages served from memory"), so it runs only
 * where it has something to do (lib/edge/page-matcher.ts says which, and why):
 *  - the pages Next renders per request (PROXIED_PAGES), every request;
 *  - any other page path only with Markdown in Accept, a crawler's user agent, or a body
 *    (PROXY_PAGE_CONDITIONS): a plain GET or HEAD of a prerendered page goes to Next alone, and
 *    next.config.ts gives it the `Link`, `Vary` and Cache-Control the proxy would;
 *  - `.md` twins, paths with a percent-escape, and CORS preflights (only they carry
 *    Access-Control-Request-Method).
 * API paths are kept out of the page patterns rather than returned from early: those without a
 * dot (/mcp, /ask, /lens/…, /twins/…, the reserved feeds, the benchmark's baseline) and every
 * `*.json` (Next appends an optional `.json` to each matcher, so `[^.]*` alone still matched
 * /health.json and /search.json). Build assets, generated files and other files with an
 * extension are out too.
 *
 * A request the edge routed itself (`npm start`) carries x-site-routed with a value no client
 * can send (lib/core/wire.ts ROUTED_VALUE; Next reads this config statically, so it is written
 * out here, and lib/site/pages.test.ts and lib/edge/page-matcher.test.ts check it agrees): the
 * proxy does not run for it.
 */
export const config = {
  matcher: [
    {
      source: "/((?:rn|coffee|ledger|around|lens/census|developers)(?!\\.json))",
      missing: [{ type: "header", key: "x-site-routed", value: "\u0001" }],
    },
    {
      source: "/((?![^.]*\\.json|_next/|generated/|mcp(?![^/])|ask(?![^/])|api/|lens/fetch|twins/|rn/|around/|coffee/|bench/)[^.]*)",
      has: [{ type: "header", key: "accept", value: ".*[Mm][Aa][Rr][Kk][Dd][Oo][Ww][Nn].*" }],
      missing: [{ type: "header", key: "x-site-routed", value: "\u0001" }],
    },
    {
      source: "/((?![^.]*\\.json|_next/|generated/|mcp(?![^/])|ask(?![^/])|api/|lens/fetch|twins/|rn/|around/|coffee/|bench/)[^.]*)",
      has: [
        {
          type: "header",
          key: "user-agent",
          value:
            ".*(?:[Bb][Oo][Tt]|[Uu][Ss][Ee][Rr]|\\-[Aa][Ii]|[Rr][Ee][Ss][Ee][Aa][Rr][Cc][Hh]|[Aa][Gg][Ee][Nn][Tt]|[Ff][Ee][Tt][Cc][Hh][Ee][Rr]|[Ss][Pp][Ii][Dd][Ee][Rr]|[Cc][Rr][Aa][Ww][Ll][Ee][Rr]).*",
        },
      ],
      missing: [{ type: "header", key: "x-site-routed", value: "\u0001" }],
    },
    {
      source: "/((?![^.]*\\.json|_next/|generated/|mcp(?![^/])|ask(?![^/])|api/|lens/fetch|twins/|rn/|around/|coffee/|bench/)[^.]*)",
      has: [{ type: "header", key: "content-length" }],
      missing: [{ type: "header", key: "x-site-routed", value: "\u0001" }],
    },
    {
      source: "/((?![^.]*\\.json|_next/|generated/|mcp(?![^/])|ask(?![^/])|api/|lens/fetch|twins/|rn/|around/|coffee/|bench/)[^.]*)",
      has: [{ type: "header", key: "transfer-encoding" }],
      missing: [{ type: "header", key: "x-site-routed", value: "\u0001" }],
    },
    {
      source: "/((?!_next/|generated/|\\.well-known/).*\\.md)",
      missing: [{ type: "header", key: "x-site-routed", value: "\u0001" }],
    },
    {
      source: "/(.*%.*)",
      missing: [{ type: "header", key: "x-site-routed", value: "\u0001" }],
    },
    {
      source: "/:path*",
      has: [{ type: "header", key: "access-control-request-method" }],
      missing: [{ type: "header", key: "x-site-routed", value: "\u0001" }],
    },
  ],
};

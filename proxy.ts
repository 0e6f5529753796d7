import { NextResponse, type NextFetchEvent, type NextRequest } from "next/server";
import { readOnlyMethods } from "@/lib/core/route";
import { HOME_LINK, twinRewrite } from "@/lib/site/page-routing.mjs";
import { allPagePaths, isHidden, isSitePage, pageIndex, pageOfMdPath, twinTarget } from "@/lib/site/paths";
import { notFoundResponse } from "@/lib/site/not-found";
import { recordCrawlerVisit } from "@/lib/ledger/record";

/**
 * Request-level concerns before routing, for pages and their Markdown twins (API routes
 * answer for themselves through lib/core/response.ts, the same builder used here):
 *  - a method other than GET/HEAD/OPTIONS on a page is a 405 with Allow, like the API;
 *  - `<page>.md`, and `Accept: text/markdown` ranked at or above HTML, get the page's twin;
 *    both variants say `Vary: Accept` so caches keep them apart;
 *  - a page read by an identified AI crawler is counted for /ledger.json, after the
 *    response (a twin is counted by the twins route it is rewritten to);
 *  - a page of a feature that is off (lib/features), and its twin, is the site's 404 for
 *    every method, though the build prerendered it.
 */
export function proxy(req: NextRequest, event: NextFetchEvent) {
  const { pathname } = req.nextUrl;
  const mdPage = pageOfMdPath(pathname);
  const page = mdPage ?? pathname;
  if (isHidden(pathname)) return notFoundResponse(req, allPagePaths);
  // An unknown one-segment path would reach app/[page] for OPTIONS, which Next answers with
  // a bare 400: it is a 404 like any other method on it (suggesting pages only, so the
  // proxy does not load the whole API registry).
  if (!isSitePage(page)) return req.method === "OPTIONS" ? notFoundResponse(req, allPagePaths) : NextResponse.next();
  // A twin with its own registered endpoint (/developers.md, /resume.md) answers for itself.
  if (mdPage !== undefined && twinTarget(mdPage) === pathname) return NextResponse.next();

  const refused = readOnlyMethods(req, pathname);
  if (refused) return refused;

  const target = req.method === "GET" || req.method === "HEAD" ? twinRewrite(pageIndex(), pathname, req.headers.get("accept")) : undefined;
  if (target) {
    const url = req.nextUrl.clone();
    url.pathname = target;
    const res = NextResponse.rewrite(url);
    res.headers.set("vary", "Accept");
    return res;
  }
  recordCrawlerVisit(req.method, req.headers.get("user-agent"), (work) => event.waitUntil(work));
  const res = NextResponse.next();
  if (mdPage === undefined) res.headers.set("vary", "Accept");
  if (pathname === "/") res.headers.set("link", HOME_LINK);
  return res;
}

/**
 * Which paths run the proxy: pages and `.md` twins only. Next runs the proxy before the
 * route and it costs a Request of its own, so API paths are kept out here rather than
 * returned from early: those without a dot (/mcp, /ask, /lens/…, /twins/…, the reserved
 * feeds, the benchmark's baseline) and every `*.json` (Next appends an optional `.json`
 * to each matcher, so `[^.]*` alone still matched /health.json and /search.json). Measured
 * in `npm run bench`: MCP tools/call went from 0.61× to 0.88× of GET /search.json. Build assets, generated files and other files with an extension are out too.
 */
export const config = {
  matcher: [
    {
      source: "/((?![^.]*\\.json|_next/|generated/|mcp(?![^/])|ask(?![^/])|api/|lens/fetch|twins/|rn/|around/|coffee/|bench/)[^.]*)",
      // server.mjs has done this proxy's work for a page GET by anyone but an AI crawler
      // (Vary, the twin, the home page's Link) and says so with this header, which it strips
      // from clients: running the proxy as well cost a third of a page's throughput. (Next
      // reads this config statically: the literal is ROUTED_HEADER of page-routing.mjs.)
      missing: [{ type: "header", key: "x-site-routed" }],
    },
    "/((?!_next/|generated/|\\.well-known/).*\\.md)",
  ],
};

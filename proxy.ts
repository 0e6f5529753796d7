import { NextResponse, type NextRequest } from "next/server";
import { readOnlyMethods } from "@/lib/core/http";
import { wantsMarkdown } from "@/lib/site/negotiate";
import { isSitePage, pageOfMdPath, twinTarget } from "@/lib/site/paths";

/** Where machines find the API description and the MCP server, from the home page. */
const HOME_LINK = [
  '</.well-known/api-catalog>; rel="api-catalog"; type="application/linkset+json"',
  '</openapi.json>; rel="service-desc"; type="application/openapi+json"',
  '</mcp/server-card>; rel="describedby"; type="application/mcp-server-card+json"',
  '</llms.txt>; rel="alternate"; type="text/markdown"; title="llms.txt"',
].join(", ");

/**
 * Request-level concerns before routing, for pages and their Markdown twins (API routes
 * answer for themselves through lib/core/http.ts, the same builder used here):
 *  - a method other than GET/HEAD/OPTIONS on a page is a 405 with Allow, like the API;
 *  - `<page>.md`, and `Accept: text/markdown` ranked at or above HTML, get the page's twin;
 *    both variants say `Vary: Accept` so caches keep them apart.
 */
export function proxy(req: NextRequest) {
  const { pathname } = req.nextUrl;
  const mdPage = pageOfMdPath(pathname);
  const page = mdPage ?? pathname;
  if (!isSitePage(page)) return NextResponse.next();
  // A twin with its own registered endpoint (/developers.md, /resume.md) answers for itself.
  if (mdPage !== undefined && twinTarget(mdPage) === pathname) return NextResponse.next();

  const refused = readOnlyMethods(req.method, pathname);
  if (refused) return refused;

  const target = twinTarget(page);
  const wantTwin = mdPage !== undefined || wantsMarkdown(req.headers.get("accept"));
  if (target && wantTwin && target !== pathname) {
    const url = req.nextUrl.clone();
    url.pathname = target;
    const res = NextResponse.rewrite(url);
    res.headers.set("vary", "Accept");
    return res;
  }
  const res = NextResponse.next();
  if (mdPage === undefined) res.headers.set("vary", "Accept");
  if (pathname === "/") res.headers.set("link", HOME_LINK);
  return res;
}

export const config = {
  // Pages and `.md` twins; not build assets, generated files or other files with an extension.
  matcher: ["/((?!_next/|generated/)[^.]*)", "/((?!_next/|generated/).*\\.md)"],
};

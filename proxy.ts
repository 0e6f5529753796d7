import { NextResponse, type NextRequest } from "next/server";
import { wantsMarkdown } from "@/lib/api/negotiate";
import { pageMethodResponse } from "@/lib/api/page-methods";
import { isSitePage } from "@/lib/site/pages";
import { markdownTwinOf } from "@/lib/site/twins";

/**
 * Request-level concerns before routing, for pages only (API routes answer for themselves
 * through lib/api/endpoint.ts):
 *  - a method other than GET/HEAD/OPTIONS on a page is a 405 with Allow, like the API;
 *  - Markdown negotiation: `Accept: text/markdown` ranked at or above HTML gets the twin
 *    at the same URL; both variants say `Vary: Accept` so caches keep them apart.
 */
export function proxy(req: NextRequest) {
  const { pathname } = req.nextUrl;
  if (isSitePage(pathname)) {
    const refused = pageMethodResponse(req.method, pathname);
    if (refused) return refused;
  }
  const twin = markdownTwinOf(pathname);
  if (!twin) return NextResponse.next();
  const res = wantsMarkdown(req.headers.get("accept")) ? NextResponse.rewrite(new URL(twin, req.url)) : NextResponse.next();
  res.headers.set("vary", "Accept");
  return res;
}

export const config = {
  // Pages only: no build assets, no paths with a file extension (API .json, .md, images).
  matcher: ["/((?!_next/)[^.]*)"],
};

import type { NextRequest } from "next/server";
import { getCorpus } from "@/lib/content/corpus";
import { withBase } from "@/lib/content/base-token";
import { route, type Reply } from "@/lib/core/http";
import { MARKDOWN, markdownTokens } from "@/lib/core/text";
import type { CachePolicy } from "@/lib/core/endpoint";
import { searchMarkdown } from "@/lib/search/markdown";
import { photosMarkdown } from "@/lib/photos/markdown";
import { notFoundResponse } from "./not-found";

function markdownReply(markdown: string, canonical: string, cache: CachePolicy = { maxAge: 300 }): Reply {
  return {
    body: markdown,
    media: MARKDOWN,
    cache,
    headers: { "x-markdown-tokens": markdownTokens(markdown), link: `<${canonical}>; rel="canonical"; type="text/html"` },
  };
}

/**
 * GET /twins/<page path>: the Markdown twin of a page, from the build (or, for /search,
 * the live results). proxy.ts rewrites `<page>.md` and `Accept: text/markdown` here. Twins
 * are machine reads, so they draw on the read budget like the API.
 */
export function twinRoute(knownPaths: () => string[]) {
  return route({ path: "/twins", methods: ["GET"], negotiated: true, policy: "read" }, async ({ req, base }, routeCtx) => {
    const segments = (await (routeCtx as { params: Promise<{ path?: string[] }> }).params).path;
    const page = !segments?.length || (segments.length === 1 && segments[0] === "index") ? "/" : `/${segments.join("/")}`;
    if (page === "/search")
      return markdownReply(searchMarkdown(req.nextUrl.searchParams.get("q") ?? "", base), `${base}/search`, "no-store");
    if (page === "/photos" || page.startsWith("/photos/")) {
      const md = photosMarkdown(page, base);
      return md === undefined ? notFoundResponse(req as NextRequest, knownPaths) : markdownReply(md, `${base}${page}`);
    }
    const twin = getCorpus().twins[page];
    if (twin === undefined) return notFoundResponse(req, knownPaths);
    return markdownReply(withBase(twin, base), `${base}${page}`);
  });
}

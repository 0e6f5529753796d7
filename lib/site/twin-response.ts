import type { NextRequest } from "next/server";
import { getCorpus } from "@/lib/content/corpus";
import { withBase } from "@/lib/content/base-token";
import { publicBase } from "@/lib/api/base-url";
import { CORS_HEADERS } from "@/lib/api/headers";
import { notFoundResponse } from "@/lib/api/not-found";
import { searchMarkdown } from "@/lib/search/markdown";
import { photosMarkdown } from "@/lib/photos/markdown";

/** Markdown with the headers every twin carries (the proxy sends `Accept: text/markdown` and `.md` here). */
export function markdownResponse(markdown: string, canonical: string, method: string, cache = "public, max-age=300"): Response {
  return new Response(method === "HEAD" ? null : markdown, {
    headers: {
      ...CORS_HEADERS,
      "content-type": "text/markdown; charset=utf-8",
      vary: "Accept",
      "x-markdown-tokens": String(Math.ceil(markdown.length / 4)),
      link: `<${canonical}>; rel="canonical"; type="text/html"`,
      "cache-control": cache,
      "x-content-type-options": "nosniff",
    },
  });
}

/** GET /twins/<page path>: the Markdown twin of a page, from the build (or, for /search, the live results). */
export async function twinResponse(req: NextRequest, segments: string[] | undefined): Promise<Response> {
  const page = !segments?.length || (segments.length === 1 && segments[0] === "index") ? "/" : `/${segments.join("/")}`;
  const base = publicBase(req);
  if (page === "/search") {
    return markdownResponse(searchMarkdown(req.nextUrl.searchParams.get("q") ?? "", base), `${base}/search`, req.method, "no-store");
  }
  if (page === "/photos" || page.startsWith("/photos/")) {
    const md = photosMarkdown(page, base);
    return md === undefined ? notFoundResponse(req) : markdownResponse(md, `${base}${page}`, req.method);
  }
  const twin = getCorpus().twins[page];
  if (twin === undefined) return notFoundResponse(req);
  return markdownResponse(withBase(twin, base), `${base}${page}`, req.method);
}

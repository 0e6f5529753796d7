import { after } from "next/server";
import { getCorpus } from "@/lib/content/corpus";
import { withBase } from "@/lib/content/base-token";
import { route } from "@/lib/core/route";
import type { Reply } from "@/lib/core/response";
import { MARKDOWN, markdownTokens } from "@/lib/core/text";
import type { CachePolicy } from "@/lib/core/endpoint";
import { searchMarkdown } from "@/lib/search/markdown";
import { photosMarkdown } from "@/lib/photos/markdown";
import { galleryFilters } from "@/lib/photos/query";
import { aroundMarkdown } from "@/lib/around/markdown";
import { ledgerMarkdown } from "@/lib/ledger/markdown";
import { nowPlayingMarkdown } from "@/lib/music/markdown";
import { coffeeMarkdown } from "@/lib/coffee/markdown";
import { compareMarkdown, lensMarkdown } from "@/lib/lens/markdown";
import { censusMarkdown } from "@/lib/lens/census/view";
import { notFoundResponse } from "./not-found";
import { recordCrawlerVisit } from "@/lib/ledger/record";

function markdownReply(markdown: string, canonical: string, cache: CachePolicy = { maxAge: 300 }): Reply {
  return {
    body: markdown,
    media: MARKDOWN,
    cache,
    etag: cache !== "no-store",
    headers: { "x-markdown-tokens": markdownTokens(markdown), link: `<${canonical}>; rel="canonical"; type="text/html"` },
  };
}

/**
 * GET /twins/<page path>: the Markdown twin of a page, from the build (or, for /search,
 * the live results). proxy.ts rewrites `<page>.md` and `Accept: text/markdown` here. Twins
 * are machine reads, so they draw on the read budget like the API.
 */
export function twinRoute(knownPaths: () => string[]) {
  return route({ path: "/twins", methods: ["GET"], negotiated: true, policy: "read" }, async (r, routeCtx) => {
    const reply = await twin(r.req, r.base, routeCtx, knownPaths);
    // A twin read by an AI crawler is a page read for /ledger.json (a 404 is not). Outside
    // Next (server.mjs answering the twin itself) there is no after(): the long-lived server
    // lets the write finish on its own, and the context says so.
    const defer = (routeCtx as TwinContext).defer ?? after;
    if (!(reply instanceof Response)) recordCrawlerVisit(r.req.method, r.req.headers.get("user-agent"), defer);
    return reply;
  });
}

/** What Next passes a route (its dynamic segments), and what a caller outside Next adds. */
export interface TwinContext {
  params: Promise<{ path?: string[] }>;
  /** Runs work after the response, instead of Next's after(). */
  defer?: (work: Promise<unknown>) => void;
}

async function twin(req: Request, base: string, routeCtx: unknown, knownPaths: () => string[]): Promise<Reply | Response> {
  const segments = (await (routeCtx as TwinContext).params).path;
  const page = !segments?.length || (segments.length === 1 && segments[0] === "index") ? "/" : `/${segments.join("/")}`;
  const query = new URL(req.url).searchParams;
  if (page === "/search") return markdownReply(searchMarkdown(query.get("q") ?? "", base), `${base}/search`, "no-store");
  if (page === "/around") return markdownReply(await aroundMarkdown(base), `${base}/around`, { maxAge: 300 });
  if (page === "/ledger") return markdownReply(await ledgerMarkdown(base), `${base}/ledger`, { maxAge: 60 });
  if (page === "/rn") return markdownReply(await nowPlayingMarkdown(base), `${base}/rn`, { maxAge: 300 });
  if (page === "/coffee") return markdownReply(await coffeeMarkdown(base), `${base}/coffee`, { maxAge: 60 });
  if (page === "/lens") return markdownReply(lensMarkdown(base), `${base}/lens`, { maxAge: 3600 });
  if (page === "/lens/compare") return markdownReply(compareMarkdown(base), `${base}/lens/compare`, { maxAge: 3600 });
  if (page === "/lens/census") return markdownReply(await censusMarkdown(base), `${base}/lens/census`, { maxAge: 600 });
  if (page === "/photos" || page.startsWith("/photos/")) {
    const md = photosMarkdown(
      page,
      base,
      galleryFilters((name) => query.get(name)),
    );
    return md === undefined ? notFoundResponse(req, knownPaths) : markdownReply(md, `${base}${page}`);
  }
  const twin = getCorpus().twins[page];
  if (twin === undefined) return notFoundResponse(req, knownPaths);
  return markdownReply(withBase(twin, base), `${base}${page}`);
}

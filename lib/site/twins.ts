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
import { compareMarkdown, lensMarkdown, censusMarkdown } from "@/lib/lens";
import { notFoundResponse } from "./not-found";
import { isSitePage } from "./paths";
import { recordCrawlerVisit } from "@/lib/ledger/record";
import type { LivePagePath } from "./pages";

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

/** How a live page's twin is rendered on request, and how long it may be cached. */
interface LiveRendition {
  markdown: (o: { page: string; base: string; query: URLSearchParams }) => string | undefined | Promise<string | undefined>;
  cache: CachePolicy;
}

/** One rendition per page lib/site/pages.ts declares `live` (a missing one is a type error). */
const LIVE_TWINS: Record<LivePagePath, LiveRendition> = {
  "/search": { markdown: ({ base, query }) => searchMarkdown(query.get("q") ?? "", base), cache: "no-store" },
  "/around": { markdown: ({ base }) => aroundMarkdown(base), cache: { maxAge: 300 } },
  "/ledger": { markdown: ({ base }) => ledgerMarkdown(base), cache: { maxAge: 60 } },
  "/rn": { markdown: ({ base }) => nowPlayingMarkdown(base), cache: { maxAge: 300 } },
  "/coffee": { markdown: ({ base }) => coffeeMarkdown(base), cache: { maxAge: 60 } },
  "/lens": { markdown: ({ base }) => lensMarkdown(base), cache: { maxAge: 3600 } },
  "/lens/compare": { markdown: ({ base }) => compareMarkdown(base), cache: { maxAge: 3600 } },
  "/lens/census": { markdown: ({ base }) => censusMarkdown(base), cache: { maxAge: 600 } },
  // The gallery and each photo's page (`/photos/<stem>`).
  "/photos": {
    markdown: ({ page, base, query }) =>
      photosMarkdown(
        page,
        base,
        galleryFilters((name) => query.get(name)),
      ),
    cache: { maxAge: 300 },
  },
};

/** The live rendition a page's twin comes from, if any. */
function liveRendition(page: string): LiveRendition | undefined {
  if (page.startsWith("/photos/")) return LIVE_TWINS["/photos"];
  return Object.hasOwn(LIVE_TWINS, page) ? LIVE_TWINS[page as LivePagePath] : undefined;
}

async function twin(req: Request, base: string, routeCtx: unknown, knownPaths: () => string[]): Promise<Reply | Response> {
  const segments = (await (routeCtx as TwinContext).params).path;
  const page = !segments?.length || (segments.length === 1 && segments[0] === "index") ? "/" : `/${segments.join("/")}`;
  const live = liveRendition(page);
  // A live page of a feature that is off is no page (content twins of such pages are not in the corpus).
  if (live && !isSitePage(page)) return notFoundResponse(req, knownPaths);
  if (live) {
    const md = await live.markdown({ page, base, query: new URL(req.url).searchParams });
    return md === undefined ? notFoundResponse(req, knownPaths) : markdownReply(md, `${base}${page}`, live.cache);
  }
  const twin = getCorpus().twins[page];
  if (twin === undefined) return notFoundResponse(req, knownPaths);
  return markdownReply(withBase(twin, base), `${base}${page}`);
}

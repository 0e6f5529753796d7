import { mdPathOf, normalizePath, pageOfMdPath, type PageIndex } from "@/lib/site/page-index";
import { wantsMarkdown } from "@/lib/site/negotiate";

/**
 * Twin routing, decided here once: the edge applies it before Next under `npm start`, and
 * proxy.ts where nothing runs in front of Next (`next start`, Vercel).
 */

/** Where machines find the API description and the MCP server, from the home page (its `Link` header). */
export const HOME_LINK = [
  '</.well-known/api-catalog>; rel="api-catalog"; type="application/linkset+json"',
  '</openapi.json>; rel="service-desc"; type="application/openapi+json"',
  '</mcp/server-card>; rel="describedby"; type="application/mcp-server-card+json"',
  '</llms.txt>; rel="alternate"; type="text/markdown"; title="llms.txt"',
].join(", ");

/** A request path read as a page: the page, and whether the path named its `.md` twin. Undefined when it is no page. */
export function pageOfPath(index: PageIndex, pathname: string): { page: string; md: boolean } | undefined {
  const mdPage = pageOfMdPath(pathname);
  const page = normalizePath(mdPage ?? pathname);
  return index.pages.has(page) ? { page, md: mdPage !== undefined } : undefined;
}

/**
 * Where a GET of `pathname` should be served from when it is a page's Markdown twin (a
 * `.md` path, or Accept ranking Markdown at or above HTML); undefined when it is not. A twin
 * with its own registered endpoint (/developers.md, /resume.md) answers for itself.
 */
export function twinRewrite(index: PageIndex, pathname: string, accept: string | null | undefined): string | undefined {
  const hit = pageOfPath(index, pathname);
  if (!hit) return undefined;
  const target = index.twinTargets.get(hit.page);
  if (!target || target === pathname) return undefined;
  return hit.md || wantsMarkdown(accept ?? null) ? target : undefined;
}

/**
 * Cache-Control of a prerendered page's HTML, instead of Next's `s-maxage=31536000`, which
 * would outlive a redeploy in a shared cache: browsers revalidate (the ETag makes that a 304),
 * shared caches keep it 5 minutes. Pages rendered per request keep Next's own (not stored).
 */
export const PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=300, must-revalidate";

/**
 * The `Link` of a page's HTML: its Markdown twin, and on the home page where machines find
 * the API. Set before Next renders the page, which keeps it.
 */
export function pageLink(page: string): string {
  const twin = `<${mdPathOf(page)}>; rel="alternate"; type="text/markdown"`;
  return page === "/" ? `${HOME_LINK}, ${twin}` : twin;
}

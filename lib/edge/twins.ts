// Relative, not `@/`: next.config.ts imports this file, and Next compiles the config without the alias.
import { mdPathOf, normalizePath, pageOfMdPath, type PageIndex } from "../site/page-index";
import { wantsMarkdown } from "../site/negotiate";

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
 * Cache-Control of a page's HTML that is the same for the life of a process (prerendered, or
 * rendered once from what the server decided at start), instead of Next's `s-maxage=31536000`
 * (which would outlive a redeploy in a shared cache) or its `private, no-store` for a page it
 * renders per request: browsers revalidate (the ETag makes that a 304), shared caches keep it
 * 5 minutes.
 */
export const PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=300, must-revalidate";

/**
 * Cache-Control of a live page (store data, or the request's host): any cache may keep it but
 * must ask again before each use, which the ETag makes a 304 while the data has not changed.
 * Not a shared max-age: the data changes when a job or a visit writes it, not on a clock.
 */
export const LIVE_CACHE_CONTROL = "public, no-cache";

/** Pages whose HTML names the host they were asked at (the developer guide's curl examples). */
const HOST_RENDERED: ReadonlySet<string> = new Set(["/developers"]);

/**
 * How a page's HTML is served: `memory`, the same bytes for the life of the process (rendered
 * once, at build or at the first request: lib/edge/page-memory.ts), or `live`, rendered per
 * request (a feature's page that is not prerendered shows store data; a host-rendered page).
 */
export function pageServing(index: PageIndex, page: string, prerendered: ReadonlySet<string>): "memory" | "live" {
  if (prerendered.has(page)) return "memory";
  return index.featured.has(page) || HOST_RENDERED.has(page) ? "live" : "memory";
}

/**
 * The `Link` of a page's HTML: its Markdown twin, and on the home page where machines find
 * the API. Set before Next renders the page, which keeps it.
 */
export function pageLink(page: string): string {
  const twin = `<${mdPathOf(page)}>; rel="alternate"; type="text/markdown"`;
  return page === "/" ? `${HOME_LINK}, ${twin}` : twin;
}

/**
 * Which page requests need proxy.ts where nothing runs in front of Next (`next start`, Vercel),
 * and which Next answers alone with the headers next.config.ts gives them. Next runs a proxy
 * through an adapter of its own (a second Web Request, its promises tracked) that cost more than
 * half of a prerendered page's whole answer (bench/NEXT.md, "Pages served from memory"), so a
 * plain GET of a prerendered page skips it: its `Link`, `Vary` and Cache-Control are
 * next.config.ts `headers()` rules over the build's pages, which carry the same conditions as
 * `missing` (a request the proxy sees gets them from the proxy).
 *
 * proxy.ts writes these values out in its `config.matcher` (Next reads that statically);
 * page-matcher.test.ts checks the two agree and that the patterns cover what they must.
 */

/**
 * Pages Next renders per request: the live features' pages (their own 404 while off) and the
 * developer guide (it names the request's host). The proxy runs for every request to them, as
 * before. (The forms that read a query, lens, search and the photo filters, are prerendered;
 * their query is answered by a page of its own: lib/edge/query-pages.ts.)
 */
export const PROXIED_PAGES = ["/rn", "/coffee", "/ledger", "/around", "/lens/census", "/developers"] as const;

const anyCase = (word: string) =>
  [...word].map((c) => (/[a-z]/i.test(c) ? `[${c.toUpperCase()}${c.toLowerCase()}]` : c.replace(/[-.]/g, "\\$&"))).join("");

/** `Accept` naming Markdown in any case: the proxy decides whether it ranks at or above HTML (lib/site/negotiate.ts). */
export const MARKDOWN_ACCEPT = `.*${anyCase("markdown")}.*`;

/**
 * Words of every crawler token the ledger counts (lib/crawlers/table.ts), in any case: a wider
 * net than the token match, which the proxy then applies (page-matcher.test.ts checks each token
 * is caught and common browsers are not).
 */
export const CRAWLER_WORDS = ["bot", "user", "-ai", "research", "agent", "fetcher", "spider", "crawler"] as const;
export const CRAWLER_AGENT = `.*(?:${CRAWLER_WORDS.map(anyCase).join("|")}).*`;

/**
 * The headers that send a page request to the proxy: Markdown asked for (the twin), a crawler's
 * user agent (counted for /ledger.json), and a body (`Content-Length` or `Transfer-Encoding`:
 * a POST, PUT or PATCH, answered 405). A matcher cannot name a method: a bodyless DELETE, POST or
 * OPTIONS on a prerendered page is Next's own answer under `next start` (tests/edge-battery.ts,
 * DIFFERENCES.bodylessMethods).
 */
export const PROXY_PAGE_CONDITIONS = [
  { type: "header", key: "accept", value: MARKDOWN_ACCEPT },
  { type: "header", key: "user-agent", value: CRAWLER_AGENT },
  { type: "header", key: "content-length" },
  { type: "header", key: "transfer-encoding" },
] as const;

/** A rule of next.config.ts `headers()`, as Next takes it. */
export interface PageHeaderRule {
  source: string;
  missing: { type: "header" | "query"; key: string; value?: string }[];
  headers: { key: string; value: string }[];
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\:]/g, "\\$&");

/**
 * What proxy.ts sets on a page it runs for, as next.config.ts rules for the pages it no longer
 * sees (every page of the build but PROXIED_PAGES, one alternation each, so Next's router tests
 * four patterns, not one per page): the `Link` to the twin (and, on the home page, to the API
 * description), `Vary: Accept`, and the shared Cache-Control of a page the same for the process's
 * life, except on an RSC request (Next answers one without `_rsc` with a 307 no shared cache may
 * keep). A query does not change a prerendered page, so unlike the proxy these rules ignore it,
 * except the parameters that send a form to its per-request page (`queryPages`), which keep
 * the shared Cache-Control off. Empty without a build.
 *
 * The `Link` value names the page by a parameter, which Next compiles as a path pattern on every
 * request it applies to (about 15 µs, bench/NEXT.md); one literal rule per page would avoid that
 * but cost more: Next awaits each of its header rules in turn, and the build has ~250 pages.
 */
export function pageHeaderRules(
  pages: Iterable<string>,
  link: { home: string; cacheControl: string },
  queryPages: ReadonlyMap<string, readonly string[]> = new Map(),
): PageHeaderRule[] {
  const proxied = new Set<string>(PROXIED_PAGES);
  const rest = [...pages].filter((p) => p !== "/" && !proxied.has(p)).sort();
  const notProxied = PROXY_PAGE_CONDITIONS.map((c) => ({ ...c }));
  const notRsc = [...notProxied, { type: "header" as const, key: "rsc" }];
  const vary = { key: "Vary", value: "Accept" };
  const cacheControl = { key: "Cache-Control", value: link.cacheControl };
  const rules: PageHeaderRule[] = [
    { source: "/", missing: notProxied, headers: [{ key: "Link", value: link.home }, vary] },
    { source: "/", missing: notRsc, headers: [cacheControl] },
  ];
  if (!rest.length) return rules;
  const alternation = (list: string[]) => `/:page(${list.map((p) => escapeRegExp(p.slice(1))).join("|")})`;
  const source = alternation(rest);
  const plain = rest.filter((p) => !queryPages.has(p));
  const queried = rest.filter((p) => queryPages.has(p));
  return [
    ...rules,
    { source, missing: notProxied, headers: [{ key: "Link", value: '</:page.md>; rel="alternate"; type="text/markdown"' }, vary] },
    ...(plain.length ? [{ source: alternation(plain), missing: notRsc, headers: [cacheControl] }] : []),
    ...queried.map((p) => ({
      source: p,
      missing: [...notRsc, ...(queryPages.get(p) ?? []).map((key) => ({ type: "query" as const, key }))],
      headers: [cacheControl],
    })),
  ];
}

/**
 * The pages that are plain GET forms: without a query each is the same page for the life of the
 * build, so Next prerenders it (and the edge keeps it in memory); with a query to answer it is
 * rendered per request by a page of its own, which a next.config.ts rewrite hands the query to.
 * The public URLs stay what they were (`/lens?url=…`, `/search?q=…`, `/photos?camera=…`). An
 * empty value (`/lens?url=`) is the form, as it always was: Next matches a `has` only on a
 * non-empty value, and every page here treats an empty value as none.
 */
export const QUERY_FORMS = [
  { page: "/lens", keys: ["url"], to: "/lens/result" },
  { page: "/lens/compare", keys: ["left", "right"], to: "/lens/compare/result" },
  { page: "/search", keys: ["q"], to: "/search/result" },
  { page: "/photos", keys: ["camera", "film", "recipe"], to: "/photos/filtered" },
] as const;

/** The rewrites, one per parameter (Next's `has` is all-of): any one of them sends the request to the query's page. */
export const QUERY_REWRITES = QUERY_FORMS.flatMap(({ page, keys, to }) =>
  keys.map((key) => ({ source: page, has: [{ type: "query" as const, key }], destination: to })),
);

/** The pages whose answer depends on these query parameters (a shared cache must not keep them with one). */
export const QUERY_PAGES: ReadonlyMap<string, readonly string[]> = new Map(QUERY_FORMS.map((f) => [f.page, f.keys]));

/**
 * Whether a form's query page has a query to answer: the rewrites send it one only with a
 * non-empty parameter, so without one it was asked for by its own path, which is no page of
 * the site's (its 404; the form is at `page`).
 */
export function hasFormQuery(page: string, params: Record<string, string | string[] | undefined>): boolean {
  return (QUERY_PAGES.get(page) ?? []).some((key) => [params[key]].flat().some((v) => typeof v === "string" && v.trim() !== ""));
}

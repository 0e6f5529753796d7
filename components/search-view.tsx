import { search, type SearchResultsSchema } from "@/lib/search/endpoint";
import type { z } from "zod";
import { callForPage } from "@/lib/site/page-call";
import { ASK_TOP_K, PAGE_LIMIT, shownAsk, type AskAnswerBody } from "@/lib/search/present";
import { ask } from "@/lib/ask/endpoint";
import { PAGES, PAGE_PATHS, type PagePath } from "@/lib/site/pages";
import { STOPWORDS } from "@/lib/search/engine";
import { navLinks } from "@/lib/surface/chrome-links";
import { SiteSearch } from "@/components/site-search";
import { siteConfig } from "@/site.config";

/**
 * Works without JavaScript: the form submits to /search, whose query form (app/search/result)
 * runs the same search as /search.json; without a query the page is prerendered. With JavaScript, the same component searches as you type through /search.json.
 */
export async function SearchView({ q }: { q: string }) {
  // Through the API's own path: a page of results draws on the same read budget as
  // /search.json, and its question on the same /ask budgets (past the model's, /ask ranks
  // by keywords and the page shows the keyword results alone).
  const [found, asked] = q
    ? await Promise.all([
        callForPage<z.infer<typeof SearchResultsSchema>>(search, { q, limit: String(PAGE_LIMIT) }),
        callForPage<AskAnswerBody>(ask, { query: q, streaming: "0", top_k: String(ASK_TOP_K) }),
      ])
    : [undefined, undefined];
  const initial =
    found?.ok === true
      ? { q, total: found.data.total, results: found.data.results.map(({ url, title, kind, snippet }) => ({ url, title, kind, snippet })) }
      : undefined;
  return (
    <>
      <h1>Search</h1>
      <p className="lede">Ask in your own words: the pages most likely to answer come first, then every page with your words.</p>
      {found?.ok === false ? (
        <p role="alert">
          {found.status === 429 ? `Too many searches from your address: try again in ${found.retryAfter ?? "a few"} seconds.` : found.error}
        </p>
      ) : null}
      <SiteSearch
        landed={q}
        initial={initial}
        initialAsk={asked?.ok ? shownAsk(q, asked.data) : asked ? { q, state: "keywords", answers: [] } : undefined}
        placeholder={`Ask a question, or search: ${siteConfig.examples.searches.join(", ")}…`}
        stopwords={[...STOPWORDS]}
        browse={[...navLinks().filter((l) => browsable(l.href)), { href: "/tags", label: PAGES["/tags"].title }]}
      />
    </>
  );
}

/** A section of the menu to browse when a search finds nothing: an index or the gallery, not this page or the API guide. */
function browsable(href: string): boolean {
  return href !== "/search" && PAGE_PATHS.includes(href as PagePath) && PAGES[href as PagePath].twin !== "own";
}

import type { Metadata } from "next";
import { searchSite } from "@/lib/search/search";
import { pageMetadata } from "@/lib/site/metadata";
import { standingMeta } from "@/lib/site/standing-pages";
import { PagefindSearch } from "@/components/pagefind-search";

export const metadata: Metadata = pageMetadata(standingMeta("/search"));

type Props = { searchParams: Promise<{ q?: string | string[] }> };

/**
 * Works without JavaScript: the form submits to this page, which runs the same search as
 * /search.json. With JavaScript, the Pagefind UI takes over for search-as-you-type.
 */
export default async function SearchPage({ searchParams }: Props) {
  const raw = (await searchParams).q;
  const q = (Array.isArray(raw) ? raw[0] : (raw ?? "")).trim().slice(0, 160);
  const found = q ? searchSite(q, 20) : undefined;
  return (
    <>
      <h1>Search</h1>
      <PagefindSearch initialQuery={q} />
      <div className="server-search">
        <form action="/search" method="get" role="search" className="search-form">
          <label htmlFor="q" className="visually-hidden">
            Search the site
          </label>
          <input id="q" name="q" type="search" defaultValue={q} maxLength={160} placeholder="rate limits, carburettors, Classic Chrome…" />
          <button type="submit">Search</button>
        </form>
        {found ? (
          <section aria-live="polite">
            <p className="meta-line">
              {found.total} result{found.total === 1 ? "" : "s"} for “{q}”
            </p>
            <ol className="doc-list search-results">
              {found.results.map((r) => (
                <li key={r.url}>
                  <a href={r.url} className="doc-link">
                    {r.title}
                  </a>{" "}
                  <span className="meta-line">· {r.kind}</span>
                  <p>{r.snippet}</p>
                </li>
              ))}
            </ol>
          </section>
        ) : null}
      </div>
    </>
  );
}

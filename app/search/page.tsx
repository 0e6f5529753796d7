import type { Metadata } from "next";
import { searchSite } from "@/lib/search/search";
import { PAGE_LIMIT, pageQuery } from "@/lib/search/present";
import { pageMetadata } from "@/lib/site/metadata";
import { standingMeta } from "@/lib/site/standing-pages";
import { SiteSearch } from "@/components/site-search";
import { siteConfig } from "@/site.config";

export const metadata: Metadata = pageMetadata(standingMeta("/search"));

type Props = { searchParams: Promise<{ q?: string | string[] }> };

/**
 * Works without JavaScript: the form submits to this page, which runs the same search as
 * /search.json. With JavaScript, the same component searches as you type through /search.json.
 */
export default async function SearchPage({ searchParams }: Props) {
  const q = pageQuery((await searchParams).q);
  const found = q ? searchSite(q, PAGE_LIMIT) : undefined;
  const initial = found
    ? { q, total: found.total, results: found.results.map(({ url, title, kind, snippet }) => ({ url, title, kind, snippet })) }
    : undefined;
  return (
    <>
      <h1>Search</h1>
      <SiteSearch initial={initial} placeholder={`${siteConfig.examples.searches.join(", ")}…`} />
    </>
  );
}

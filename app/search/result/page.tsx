import { notFound } from "next/navigation";
import { hasFormQuery } from "@/lib/edge/query-pages";
import type { Metadata } from "next";
import { pageMetadata } from "@/lib/site/metadata";
import { pageMeta } from "@/lib/site/pages";
import { pageQuery } from "@/lib/search/present";
import { SearchView } from "@/components/search-view";

export const metadata: Metadata = pageMetadata(pageMeta("/search"));

// Reached as /search?q=… (lib/edge/query-pages.ts): rendered per request for its question.
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<{ q?: string | string[] }> };

export default async function SearchResultPage({ searchParams }: Props) {
  const params = await searchParams;
  if (!hasFormQuery("/search", params)) notFound();
  return <SearchView q={pageQuery(params.q)} />;
}

import type { Metadata } from "next";
import { pageMetadata } from "@/lib/site/metadata";
import { pageMeta } from "@/lib/site/pages";
import { SearchView } from "@/components/search-view";

export const metadata: Metadata = pageMetadata(pageMeta("/search"));

/** The search form, the same for the build's life: prerendered. With `?q=`, app/search/result answers (lib/edge/query-pages.ts). */
export default function SearchPage() {
  return <SearchView q="" />;
}

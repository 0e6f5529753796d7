import { notFound } from "next/navigation";
import { hasFormQuery } from "@/lib/edge/query-pages";
import type { Metadata } from "next";
import { pageMetadata } from "@/lib/site/metadata";
import { pageMeta } from "@/lib/site/pages";
import { PhotosView } from "@/components/photos-view";

export const metadata: Metadata = pageMetadata(pageMeta("/photos"));

// Reached as /photos?camera=…&film=…&recipe=… (lib/edge/query-pages.ts): rendered per request for its filters.
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function PhotosFilteredPage({ searchParams }: Props) {
  const params = await searchParams;
  if (!hasFormQuery("/photos", params)) notFound();
  return <PhotosView params={params} />;
}

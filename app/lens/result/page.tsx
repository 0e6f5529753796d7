import { notFound } from "next/navigation";
import { hasFormQuery } from "@/lib/edge/query-pages";
import type { Metadata } from "next";
import { pageMetadata } from "@/lib/site/metadata";
import { pageMeta } from "@/lib/site/pages";
import { lensFetch, type LensObservation } from "@/lib/lens";
import { callForPage, param } from "@/lib/site/page-call";
import { LensInspector } from "@/components/lens-inspector";

export const metadata: Metadata = pageMetadata(pageMeta("/lens"));

// Each submission inspects a URL: nothing to prerender. Reached as /lens?url=… (lib/edge/query-pages.ts).
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<{ url?: string | string[] }> };

export default async function LensResultPage({ searchParams }: Props) {
  const params = await searchParams;
  if (!hasFormQuery("/lens", params)) notFound();
  const url = param(params.url);
  const result = url ? await callForPage<LensObservation>(lensFetch, { url }) : null;
  return <LensInspector url={url} result={result} />;
}

import { notFound } from "next/navigation";
import { hasFormQuery } from "@/lib/edge/query-pages";
import type { Metadata } from "next";
import { pageMetadata } from "@/lib/site/metadata";
import { pageMeta } from "@/lib/site/pages";
import { compareUrls } from "@/lib/lens";
import { callForPage, param } from "@/lib/site/page-call";
import { LensCompare, type Comparison } from "@/components/lens-compare";

export const metadata: Metadata = pageMetadata(pageMeta("/lens/compare"));

// Each submission inspects two URLs: nothing to prerender. Reached as /lens/compare?left=…&right=… (lib/edge/query-pages.ts).
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<{ left?: string | string[]; right?: string | string[] }> };

export default async function CompareResultPage({ searchParams }: Props) {
  const q = await searchParams;
  if (!hasFormQuery("/lens/compare", q)) notFound();
  const left = param(q.left);
  const right = param(q.right);
  const result = left && right ? await callForPage<Comparison>(compareUrls, { left, right }) : null;
  return <LensCompare left={left} right={right} result={result} />;
}

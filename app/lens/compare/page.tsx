import type { Metadata } from "next";
import { pageMetadata } from "@/lib/site/metadata";
import { pageMeta } from "@/lib/site/pages";
import { LensCompare } from "@/components/lens-compare";

export const metadata: Metadata = pageMetadata(pageMeta("/lens/compare"));

/** The form, the same for the build's life: prerendered. With a query, app/lens/compare/result answers (lib/edge/query-pages.ts). */
export default function ComparePage() {
  return <LensCompare left="" right="" result={null} />;
}

import type { Metadata } from "next";
import { pageMetadata } from "@/lib/site/metadata";
import { pageMeta } from "@/lib/site/pages";
import { LensInspector } from "@/components/lens-inspector";

export const metadata: Metadata = pageMetadata(pageMeta("/lens"));

/**
 * The form, the same for the build's life (it names the census while that feature is on, which
 * the build decides like the home page's lists): prerendered. With `?url=`, app/lens/result
 * answers (lib/edge/query-pages.ts).
 */
export default function LensPage() {
  return <LensInspector url="" result={null} />;
}

import type { Metadata } from "next";
import { pageMetadata } from "@/lib/site/metadata";
import { pageMeta } from "@/lib/site/pages";
import { PhotosView } from "@/components/photos-view";

export const metadata: Metadata = pageMetadata(pageMeta("/photos"));

/** Every photo, the same for the build's life: prerendered. With a filter, app/photos/filtered answers (lib/edge/query-pages.ts). */
export default function PhotosPage() {
  return <PhotosView params={{}} />;
}

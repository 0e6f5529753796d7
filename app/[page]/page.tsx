import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { docsIn, findDoc } from "@/lib/content/corpus";
import { COLLECTIONS, ROUTED_COLLECTIONS, routedCollectionAt } from "@/lib/content/collections";
import { docMetadata } from "@/lib/site/metadata";
import { DocArticle } from "@/components/doc-article";
import { collectionRoutes } from "@/components/collection-pages";

// Standing pages from content/pages (about, now, uses…) and the index of every collection
// without route files of its own (/writing, /garage…: lib/content/collections.ts); anything
// else falls through to the 404.
type Params = { params: Promise<{ page: string }> };
export const dynamicParams = false;
export const generateStaticParams = () => [
  ...docsIn("pages").map((d) => ({ page: d.slug })),
  ...ROUTED_COLLECTIONS.map((c) => ({ page: COLLECTIONS[c].base.slice(1) })),
];

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { page } = await params;
  const collection = routedCollectionAt(page);
  if (collection) return collectionRoutes(collection).indexMetadata();
  const doc = findDoc(`/${page}`);
  return doc ? docMetadata(doc) : {};
}

export default async function ContentPage({ params }: Params) {
  const { page } = await params;
  const collection = routedCollectionAt(page);
  if (collection) {
    const { Index } = collectionRoutes(collection);
    return <Index />;
  }
  const doc = findDoc(`/${page}`);
  if (!doc || doc.collection !== "pages") notFound();
  return <DocArticle doc={doc} />;
}

import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { docsIn, findDoc } from "@/lib/content/corpus";
import { docMetadata } from "@/lib/site/metadata";
import { DocArticle } from "@/components/doc-article";

// Standing pages from content/pages (about, now, uses…); anything else falls through to the 404.
type Params = { params: Promise<{ page: string }> };
export const dynamicParams = false;
export const generateStaticParams = () => docsIn("pages").map((d) => ({ page: d.slug }));

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const doc = findDoc(`/${(await params).page}`);
  return doc ? docMetadata(doc) : {};
}

export default async function ContentPage({ params }: Params) {
  const doc = findDoc(`/${(await params).page}`);
  if (!doc || doc.collection !== "pages") notFound();
  return <DocArticle doc={doc} />;
}

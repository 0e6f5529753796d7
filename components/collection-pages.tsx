import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { builtDocsIn, docsIn } from "@/lib/content/corpus";
import { COLLECTIONS, type IndexedCollection } from "@/lib/content/collections";
import { docMetadata, pageMetadata } from "@/lib/site/metadata";
import { pageMeta } from "@/lib/site/pages";
import { isHidden } from "@/lib/site/paths";
import { siteUrl } from "@/lib/env";
import { siteConfig } from "@/site.config";
import { DocArticle } from "./doc-article";
import { DocList } from "./doc-list";
import { JsonLd } from "./json-ld";

/**
 * The index and detail pages of one content collection (lib/content/collections.ts), so every
 * collection with an index shares one implementation. Next names a route by its folder, and
 * `app/[page]` already takes the top-level dynamic segment (content/pages), so each
 * collection has two two-line adapter files, `app/<name>/page.tsx` and
 * `app/<name>/[slug]/page.tsx`, that only name it (docs/adding-a-page-kind.md).
 */
export function collectionRoutes(collection: IndexedCollection) {
  const { base, label } = COLLECTIONS[collection];
  type Params = { params: Promise<{ slug: string }> };
  // Each page is prerendered from the build, whatever the features (the index lists only those
  // shown); one of a feature that is off is the 404 (where no proxy runs for it: lib/edge/page-matcher.ts).
  const docFor = async ({ params }: Params) => {
    const url = `${base}/${(await params).slug}`;
    return isHidden(url) ? undefined : builtDocsIn(collection).find((d) => d.url === url);
  };

  return {
    // Its declared page (lib/site/pages.ts): title, intro and JSON alternate, as every declared page's head.
    indexMetadata: (): Metadata => pageMetadata(pageMeta(base)),
    Index: function CollectionIndex() {
      const docs = docsIn(collection);
      return (
        <>
          <JsonLd
            data={{
              "@context": "https://schema.org",
              "@type": "CollectionPage",
              "@id": `${siteUrl()}${base}`,
              url: `${siteUrl()}${base}`,
              name: label,
              description: siteConfig.intros[collection],
              hasPart: docs.map((d) => ({ "@type": "CreativeWork", name: d.title, url: `${siteUrl()}${d.url}` })),
            }}
          />
          <h1>{label}</h1>
          <p className="lede">{siteConfig.intros[collection]}</p>
          <DocList docs={docs} />
        </>
      );
    },
    generateStaticParams: () => builtDocsIn(collection).map((d) => ({ slug: d.slug })),
    generateMetadata: async (props: Params): Promise<Metadata> => {
      const doc = await docFor(props);
      return doc ? docMetadata(doc) : {};
    },
    Page: async function CollectionPage(props: Params) {
      const doc = await docFor(props);
      if (!doc) notFound();
      return <DocArticle doc={doc} />;
    },
  };
}

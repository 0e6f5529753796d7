import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { builtDocsIn, docsIn } from "@/lib/content/corpus";
import { COLLECTIONS, ROUTED_COLLECTIONS, routedCollectionAt, type IndexedCollection } from "@/lib/content/collections";
import { indexIntro } from "@/lib/content/intros";
import { docMetadata, pageMetadata } from "@/lib/site/metadata";
import { pageMeta } from "@/lib/site/pages";
import { isHidden } from "@/lib/site/paths";
import { siteUrl } from "@/lib/env";
import { DocArticle } from "./doc-article";
import { DocList } from "./doc-list";
import { JsonLd } from "./json-ld";

/**
 * The index and detail pages of one content collection (lib/content/collections.ts), so every
 * collection with an index shares one implementation. app/[page] serves the indexes and
 * app/[page]/[slug] the entries of every collection (`collectionEntryRoute` below), so a new
 * collection needs no route file; one whose declaration says `ownRoutes` has its two adapter
 * files, `app/<name>/page.tsx` and `app/<name>/[slug]/page.tsx`, that only name it.
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
              description: indexIntro(collection),
              hasPart: docs.map((d) => ({ "@type": "CreativeWork", name: d.title, url: `${siteUrl()}${d.url}` })),
            }}
          />
          <h1>{label}</h1>
          <p className="lede">{indexIntro(collection)}</p>
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

/**
 * app/[page]/[slug]: an entry of any collection without route files of its own, found by the
 * collection's folder (`/garage/x` → garage). Every one is prerendered; any other pair is no
 * page (dynamicParams = false there), so Next goes on to app/[...rest], the site's 404.
 */
export const collectionEntryRoute = {
  generateStaticParams: () =>
    ROUTED_COLLECTIONS.flatMap((c) => builtDocsIn(c).map((d) => ({ page: COLLECTIONS[c].base.slice(1), slug: d.slug }))),
  generateMetadata: async ({ params }: EntryParams): Promise<Metadata> => {
    const { page, slug } = await params;
    const c = routedCollectionAt(page);
    return c ? collectionRoutes(c).generateMetadata({ params: Promise.resolve({ slug }) }) : {};
  },
  Page: async function CollectionEntry({ params }: EntryParams) {
    const { page, slug } = await params;
    const c = routedCollectionAt(page);
    if (!c) notFound();
    const { Page } = collectionRoutes(c);
    return <Page params={Promise.resolve({ slug })} />;
  },
};
type EntryParams = { params: Promise<{ page: string; slug: string }> };

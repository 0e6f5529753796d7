import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getCorpus } from "@/lib/content/corpus";
import { TAGS_PATH, tagDescription, tagPath, tagTitle, taggedDocs } from "@/lib/content/tags";
import { COLLECTIONS } from "@/lib/content/schema";
import { pageMetadata } from "@/lib/site/metadata";
import { DocList } from "@/components/doc-list";
import { isHidden } from "@/lib/site/paths";

type Params = { params: Promise<{ tag: string }> };
// Every tag of the build is prerendered (any other is the 404): a tag page lists a live utility
// only while its feature is on, prerendered with the build's decision (lib/features); a server deciding otherwise renders it itself (cache-handler.mjs).
export const dynamicParams = false;

export function generateStaticParams(): { tag: string }[] {
  return [...taggedDocs(getCorpus().built).keys()].map((tag) => ({ tag }));
}

async function tagged({ params }: Params) {
  const tag = (await params).tag;
  // A tag page of a feature that is off is the 404 (where no proxy runs for it: lib/edge/page-matcher.ts).
  if (!taggedDocs(getCorpus().built).has(tag) || isHidden(tagPath(tag))) return undefined;
  // A tag whose pages are all of features that are off here lists nothing, and says so.
  return { tag, docs: taggedDocs(getCorpus().docs).get(tag) ?? [] };
}

export async function generateMetadata(props: Params): Promise<Metadata> {
  const t = await tagged(props);
  return t ? pageMetadata({ path: tagPath(t.tag), title: tagTitle(t.tag), description: tagDescription(t.tag, t.docs) }) : {};
}

/** One tag: what carries it, by section. */
export default async function TagPage(props: Params) {
  const t = await tagged(props);
  if (!t) notFound();
  const sections = [...new Set(t.docs.map((d) => d.collection))];
  return (
    <>
      <p className="eyebrow">
        <a href={TAGS_PATH}>Tags</a>
      </p>
      <h1>{tagTitle(t.tag)}</h1>
      <p className="lede">{tagDescription(t.tag, t.docs)}</p>
      {sections.map((c) => (
        <section key={c} aria-labelledby={`tagged-${c}`} className="tagged">
          <h2 id={`tagged-${c}`} className="section-label">
            {COLLECTIONS[c].label}
          </h2>
          <DocList docs={t.docs.filter((d) => d.collection === c)} />
        </section>
      ))}
    </>
  );
}

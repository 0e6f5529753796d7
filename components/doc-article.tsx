import type { Doc } from "@/lib/content/types";
import { COLLECTIONS } from "@/lib/content/schema";
import { docJsonLd } from "@/lib/site/metadata";
import { withBase } from "@/lib/content/base-token";
import { siteUrl } from "@/lib/env";
import { JsonLd } from "./json-ld";
import { FormattedDate } from "./formatted-date";
import { Pager } from "./pager";
import { getCorpus } from "@/lib/content/corpus";
import { docNeighbours } from "@/lib/content/twins";
import { tagLabel, tagPath } from "@/lib/content/tags";
import { smarten } from "@/lib/content/typography";
import { portraitPhoto } from "@/lib/photos/manifest";
import { Portrait } from "./portrait";
import { TextWithDates } from "./text-with-dates";

export function DocArticle({ doc }: { doc: Doc }) {
  const section = COLLECTIONS[doc.collection];
  const { prev, next } = docNeighbours(getCorpus().docs, doc);
  return (
    <article className="doc">
      <JsonLd data={docJsonLd(doc)} />
      <header className="doc-header">
        {section.base ? (
          <p className="meta-line">
            <a href={section.base}>{section.label}</a>
          </p>
        ) : null}
        <h1>{doc.title}</h1>
        <p className="lede">
          <TextWithDates text={smarten(doc.description)} />
        </p>
        <p className="meta-line">
          {doc.date ? <FormattedDate date={doc.date} /> : null}
          {doc.updated ? (
            <>
              {doc.date ? " ·\u00a0" : ""}updated <FormattedDate date={doc.updated} />
            </>
          ) : null}
          {doc.date || doc.updated ? " ·\u00a0" : ""}
          {Math.max(1, Math.round(doc.wordCount / 230))} min read ·&nbsp;<a href={`${doc.url}.md`}>Markdown</a>
          {doc.endpoint ? (
            <>
              {" "}
              ·&nbsp;API: <code>{doc.endpoint}</code>
            </>
          ) : null}
        </p>
      </header>
      <Body doc={doc} />
      {doc.tags.length ? (
        <ul className="meta-line tags" aria-label="Tags">
          {doc.tags.map((t) => (
            <li key={t}>
              <a className="tag" href={tagPath(t)}>
                {tagLabel(t)}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <Pager
        label={`More ${section.label.toLowerCase()}`}
        prev={prev ? { href: prev.url, title: prev.title } : undefined}
        next={next ? { href: next.url, title: next.title } : undefined}
      />
    </article>
  );
}

/**
 * The body, with the owner's portrait where its front matter puts it (`portrait`): atop the
 * text, or under the heading of that section. Without a portrait in photos/, the text alone.
 */
function Body({ doc }: { doc: Doc }) {
  const html = withBase(doc.html, siteUrl());
  const photo = doc.portrait ? portraitPhoto() : undefined;
  if (!photo) return <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />;
  const cut = doc.portrait === true ? 0 : sectionStart(html, doc.portrait!);
  return (
    <div className="prose">
      {cut > 0 ? <div dangerouslySetInnerHTML={{ __html: html.slice(0, cut) }} /> : null}
      <Portrait photo={photo} priority={cut === 0} />
      <div dangerouslySetInnerHTML={{ __html: html.slice(cut) }} />
    </div>
  );
}

/** Where the text under the heading of `id` starts (just after that heading), or 0. */
function sectionStart(html: string, id: string): number {
  const m = new RegExp(`<h([2-6]) id="${id}"[^>]*>[\\s\\S]*?</h\\1>`).exec(html);
  return m ? m.index + m[0].length : 0;
}

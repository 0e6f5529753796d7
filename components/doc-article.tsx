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
        <p className="lede">{doc.description}</p>
        <p className="meta-line">
          {doc.date ? <FormattedDate date={doc.date} /> : null}
          {doc.updated ? (
            <>
              {doc.date ? " · " : ""}updated <FormattedDate date={doc.updated} />
            </>
          ) : null}
          {doc.date || doc.updated ? " · " : ""}
          {Math.max(1, Math.round(doc.wordCount / 230))} min read · <a href={`${doc.url}.md`}>Markdown</a>
          {doc.endpoint ? (
            <>
              {" "}
              · API: <code>{doc.endpoint}</code>
            </>
          ) : null}
        </p>
      </header>
      <div className="prose" dangerouslySetInnerHTML={{ __html: withBase(doc.html, siteUrl()) }} />
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

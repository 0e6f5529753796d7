import { getCorpus } from "@/lib/content/corpus";
import { tagLabel, tagPath, taggedDocs } from "@/lib/content/tags";
import { pageMeta } from "@/lib/site/pages";
import { pageMetadata } from "@/lib/site/metadata";

export const metadata = pageMetadata(pageMeta("/tags"));
// Rendered when asked, like each tag's page (app/tags/[tag]/page.tsx): it lists the tags of the pages this server shows.
export const dynamic = "force-dynamic";

/** Every tag, each with how many pages carry it. */
export default function TagsPage() {
  const { title, description } = pageMeta("/tags");
  const tags = [...taggedDocs(getCorpus().docs)];
  return (
    <>
      <h1>{title}</h1>
      <p className="lede">{description}</p>
      <ul className="tag-index">
        {tags.map(([tag, docs]) => (
          <li key={tag}>
            <a className="tag" href={tagPath(tag)}>
              {tagLabel(tag)}
            </a>{" "}
            <span className="meta-line">{docs.length}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

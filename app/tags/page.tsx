import { getCorpus } from "@/lib/content/corpus";
import { tagLabel, tagPath, taggedDocs } from "@/lib/content/tags";
import { pageMeta } from "@/lib/site/pages";
import { pageMetadata } from "@/lib/site/metadata";

export const metadata = pageMetadata(pageMeta("/tags"));

/** Every tag, each with how many pages carry it. */
export default function TagsPage() {
  const { title, description } = pageMeta("/tags");
  // As built, like each tag's own page (app/tags/[tag]/page.tsx).
  const tags = [...taggedDocs(getCorpus().built)];
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

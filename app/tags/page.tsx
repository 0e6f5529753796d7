import { getCorpus } from "@/lib/content/corpus";
import { tagLabel, tagPath, taggedDocs } from "@/lib/content/tags";
import { pageMeta } from "@/lib/site/pages";
import { pageMetadata } from "@/lib/site/metadata";

export const metadata = pageMetadata(pageMeta("/tags"));
// It lists the tags of the pages shown, which hang on the live features that are on: prerendered with the build's decision (lib/features); a server deciding otherwise renders it itself (cache-handler.mjs).

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

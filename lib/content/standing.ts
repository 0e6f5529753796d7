import { withoutBase } from "./base-token";
import { renderMarkdown, countWords } from "./markdown";
import type { Doc } from "./types";
import type { FeatureName } from "@/lib/features/rule";

/** A generated page (not a file in content/) as the build knows it: its Markdown twin or its words. */
export interface StandingSource {
  url: string;
  title: string;
  description: string;
  aliases?: readonly string[];
  /** The page's Markdown (its twin) when it has words worth ranking beyond title and description. */
  markdown?: string;
  /** It lists other pages (Doc.listing). */
  listing?: Doc["listing"];
  /** The live feature it shows (lib/site/pages.ts). */
  feature?: FeatureName;
}

/**
 * The pages a visitor can reach that are not files in content/ (the resume, the developer
 * guide, each photo, the live pages, the indexes), as documents for the search index and
 * /ask. They live in the corpus beside the content documents, never among them: page
 * lists, feeds and llms.txt stay about what the owner wrote.
 */
export async function standingDocs(sources: StandingSource[]): Promise<Doc[]> {
  return Promise.all(
    sources.map(async (s) => {
      const markdown = s.markdown ? withoutBase(withoutTitle(s.markdown)) : "";
      const rendered = markdown ? await renderMarkdown(markdown) : { headings: [], text: "", prose: "" };
      const text = rendered.text || s.description;
      const prose = rendered.prose || s.description;
      return {
        collection: "pages",
        kind: "page",
        slug: s.url.slice(1) || "index",
        url: s.url,
        title: s.title,
        description: s.description,
        tags: [],
        questions: [],
        aliases: [...(s.aliases ?? [])],
        demo: false,
        headings: rendered.headings,
        html: "",
        body: markdown,
        text,
        ...(prose !== text ? { prose } : {}),
        wordCount: countWords(text),
        source: `generated:${s.url}`,
        ...(s.listing ? { listing: s.listing } : {}),
        ...(s.feature ? { feature: s.feature } : {}),
      } satisfies Doc;
    }),
  );
}

/** A twin's H1 and summary quote repeat the title and description: rank them once. */
function withoutTitle(markdown: string): string {
  return markdown.replace(/^# [^\n]*\n+(> [^\n]*\n+)?/, "");
}

/** The `# Title` and `> summary` a twin opens with. */
export function twinHead(markdown: string): { title?: string; summary?: string } {
  const m = /^# ([^\n]*)\n+(?:> ([^\n]*)\n)?/.exec(markdown);
  return { title: m?.[1]?.trim(), summary: m?.[2]?.trim() };
}

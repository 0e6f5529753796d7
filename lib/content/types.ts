import type { Collection, Kind } from "./schema";
import type { FeatureName } from "@/lib/features/rule";

export interface Heading {
  depth: number;
  text: string;
  id: string;
}

/** One published page of content, as the build writes it to `.site/corpus.json`. */
export interface Doc {
  collection: Collection;
  kind: Kind;
  slug: string;
  /** Site path, e.g. `/writing/rate-limits-for-humans`. */
  url: string;
  title: string;
  description: string;
  date?: string;
  updated?: string;
  tags: string[];
  questions: string[];
  /** The page's questions from content/questions.md (the question bank), learnt by /ask like `questions`. */
  bank?: string[];
  aliases: string[];
  order?: number;
  endpoint?: string;
  /**
   * The live feature the page belongs to (lib/features): a declared page's, or that of the
   * endpoint a utility documents. Set by the build; the server leaves the page out while it is off.
   */
  feature?: FeatureName;
  demo: boolean;
  headings: Heading[];
  html: string;
  /** The Markdown body as written (no front matter). */
  body: string;
  /** Plain text of the body, for search and snippets. */
  text: string;
  wordCount: number;
  /** Source file relative to the content folder. */
  source: string;
}

/** What the build writes for the server and the pages. */
export interface Corpus {
  builtAt: string;
  docs: Doc[];
  /** The other pages a visitor can reach (resume, developer guide, photos, live pages, indexes), for search and /ask only (lib/content/standing.ts). */
  standing: Doc[];
  /** Markdown twin of every page, generated ones included: site path → Markdown. */
  twins: Record<string, string>;
}

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
  /** Where the owner's portrait shows (front matter `portrait`): true, atop the body; else under the section of that anchor. */
  portrait?: true | string;
  headings: Heading[];
  html: string;
  /** The Markdown body as written (no front matter). */
  body: string;
  /** Plain text of the body, for search and /ask. */
  text: string;
  /** The text without its code blocks, where it has any: what excerpts quote (absent: `text`). */
  prose?: string;
  wordCount: number;
  /** Source file relative to the content folder. */
  source: string;
  /**
   * A generated page that lists others rather than saying something itself: the home page
   * and an index (search ranks it below what it lists), or a tag page (also left out of /ask,
   * where each of the many would only stand in for the pages it lists).
   */
  listing?: "index" | "tag";
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

/**
 * A photo of the gallery as a page of content shows it, where its Markdown places it with
 * `![alt](/photos/<stem>)`. The content layer knows no photos: the build hands it these
 * (lib/photos/embed.ts), once the photos are built.
 */
export interface GalleryPhoto {
  /** The photo's page, `/photos/<stem>`. */
  href: string;
  title: string;
  /** Its caption: the image's alt text where the Markdown gives none. */
  caption: string | null;
  /** A few words after the title (the film simulation), or nothing. */
  note?: string;
  width: number;
  height: number;
  /** The JPEG a browser without AVIF falls back to, and the file the Markdown twin shows. */
  src: string;
  srcset: string;
  avifSrcset?: string;
}

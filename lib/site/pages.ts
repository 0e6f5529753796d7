import { COLLECTIONS, INDEXED_COLLECTIONS, collectionsInWords, type IndexedCollection } from "@/lib/content/collections";
import { TAGS_INTRO } from "@/lib/content/tags";
import { indexIntro } from "@/lib/content/intros";
import { siteConfig } from "@/site.config";
import type { FeatureName } from "@/lib/features/rule";

/**
 * Every page the app itself renders, declared once: the home page, the collection indexes
 * and the standing and live pages. Content documents and photos are pages too, one per file
 * (their own files declare them), and so is each tag a document carries (its `tags:` front
 * matter declares /tags/<tag>, lib/content/tags.ts). From this list come the build's page index (which the
 * server and proxy.ts route twins and methods by, and the sitemap and the 404 suggestions
 * read), the search and /ask entries of the pages that are not content files, the pages'
 * own metadata, their share cards, their Markdown twins and the top-level names a content
 * page may not take; lib/site/pages.test.ts walks app/ against it both ways.
 *
 * `aliases` are the author's paraphrases of what a page is, like the `aliases:` front
 * matter of content pages (content/README.md): ranked as page text, never shown.
 */
export interface PageDeclaration {
  title: string;
  description: string;
  aliases: readonly string[];
  /**
   * Where its Markdown twin comes from: `content` (written by the build with the content:
   * the home page and the indexes), `live` (rendered on request by lib/site/twins.ts, which
   * must have a rendition for each such page), or `own` (a registered endpoint of its own at
   * `<path>.md`).
   */
  twin: "content" | "live" | "own";
  /** The registered endpoint that answers the same question in JSON, named in the page's head. */
  json?: string;
  /**
   * What its share card calls it (scripts/build/site.ts shareCards): "Utility" by default, "Index"
   * for a page whose twin the build writes with the content. A content page's card says its
   * collection's `searchLabel` instead (lib/content/collections.ts).
   */
  card?: string;
  /** Only a page when the build has its data (the resume: content/resume.json). */
  needs?: "resume";
  /** The live feature it shows (lib/features): a page only while that feature is on. */
  feature?: FeatureName;
}

/** A collection's index as a declared page: `COLLECTIONS[c].base`, titled by its label, described by its intro. */
type CollectionIndexPages = {
  [C in IndexedCollection as (typeof COLLECTIONS)[C]["base"]]: Pick<PageDeclaration, "title" | "description" | "aliases" | "json"> & {
    twin: "content";
  };
};

/**
 * The collection indexes' declarations, derived: title, intro (lib/content/intros.ts),
 * aliases and JSON alternate from the collection's own declaration. Its twin is written with
 * the content, and its share card is the build's "Index" card (scripts/build/site.ts), so a
 * collection declares no `card`, `needs` or `feature`.
 */
function collectionIndexPages(): CollectionIndexPages {
  return Object.fromEntries(
    INDEXED_COLLECTIONS.map((c) => {
      const { base, label, index } = COLLECTIONS[c];
      const json = (index as { json?: string }).json;
      return [base, { title: label, description: indexIntro(c), aliases: index.aliases, twin: "content", ...(json ? { json } : {}) }];
    }),
  ) as unknown as CollectionIndexPages;
}

export const PAGES = {
  "/": {
    title: siteConfig.name,
    description: siteConfig.description,
    aliases: ["home page", "start page", "front page", "who runs this site", "overview of the site"],
    twin: "content",
  },
  // The collection indexes: one per collection with an index (lib/content/collections.ts).
  ...collectionIndexPages(),
  "/tags": {
    title: "Tags",
    description: TAGS_INTRO,
    aliases: ["topics", "categories", "browse by topic", "tag list", "subjects"],
    twin: "content",
    card: "Index",
  },
  "/resume": {
    title: "Resume",
    description: "The owner's resume: work history, skills, education and projects, also as JSON Resume and as a PDF.",
    aliases: [
      "cv",
      "curriculum vitae",
      "resume pdf",
      "download resume",
      "work history",
      "employment history",
      "past jobs",
      "career",
      "experience",
      "qualifications",
      "job history",
    ],
    twin: "own",
    json: "/resume.json",
    card: "Resume",
    needs: "resume",
  },
  "/developers": {
    title: "Developer guide",
    description: "The site's keyless public API: every endpoint with parameters, limits, errors and a curl example.",
    aliases: [
      "api documentation",
      "api docs",
      "api reference",
      "how to use the api",
      "endpoints",
      "openapi",
      "rate limits",
      "error codes",
      "integrate",
      "sdk",
    ],
    twin: "own",
    card: "Developers",
  },
  "/photos": {
    title: "Photos",
    description:
      "Photographs with their camera settings and Fujifilm film-simulation recipes. Filter by camera, film simulation or anything in the recipe.",
    aliases: ["gallery", "photography", "pictures", "portfolio", "film recipes", "film simulations", "shots"],
    twin: "live",
    json: "/photos/query.json",
    card: "Photos",
  },
  "/rn": {
    title: "Now playing",
    description: "What I am listening to right now: the tracks of my current playlist, with links that open in any music service.",
    aliases: ["music", "current playlist", "songs", "listening to", "favourite tracks", "spotify"],
    twin: "live",
    json: "/rn/tracks",
    feature: "nowPlaying",
  },
  "/coffee": {
    title: "Coffee",
    description: "Open slots for a coffee or a call, straight from my calendar.",
    aliases: ["book a meeting", "schedule a call", "calendar", "availability", "meet up", "free time slots", "appointment"],
    twin: "live",
    json: "/coffee/availability.json",
    feature: "coffee",
  },
  "/ledger": {
    title: "Crawler ledger",
    description: "Which AI crawlers read this site over the last 30 days, day by day, priced at one cent a page.",
    aliases: ["ai bots visiting", "bot traffic", "crawler statistics", "who scrapes the site", "gptbot visits"],
    twin: "live",
    json: "/ledger.json",
    feature: "ledger",
  },
  "/around": {
    title: "Around",
    description: `A daily crawl of the homepages of ${siteConfig.around.watches}: what each one says about itself, and what changed.`,
    aliases: [...siteConfig.around.aliases, "changes on firm websites", "website monitoring"],
    twin: "live",
    json: "/around/json",
    feature: "around",
  },
  "/lens": {
    title: "Lens",
    description:
      "See a public page as AI crawlers and agents see it: robots.txt verdicts per crawler, what each one is served, agent doors and a readiness score.",
    aliases: ["inspect a url", "check my website", "how do ai crawlers see my site", "agent readiness", "seo for ai", "robots checker"],
    twin: "live",
  },
  "/lens/compare": {
    title: "Compare two pages",
    description: "Two public pages side by side as crawlers see them: status, content, readiness, terms and agent doors.",
    aliases: ["compare websites", "side by side", "diff two urls", "which site is more ready for agents"],
    twin: "live",
  },
  "/lens/census": {
    title: "Lens census",
    description: "Sixteen representative sites, scanned weekly by lens: agent-readiness scores and terms tiers over time.",
    aliases: ["weekly scan", "survey of websites", "readiness over time", "benchmark of sites"],
    twin: "live",
    json: "/lens/census.json",
    feature: "census",
  },
  "/search": {
    title: "Search",
    description: `Search the ${collectionsInWords()} of this site.`,
    aliases: ["find", "look up", "search box", "query the site"],
    twin: "live",
    card: "Search",
  },
} as const satisfies Record<string, PageDeclaration>;

export type PagePath = keyof typeof PAGES;
/** Pages whose twin lib/site/twins.ts renders on request. */
export type LivePagePath = { [P in PagePath]: (typeof PAGES)[P]["twin"] extends "live" ? P : never }[PagePath];

const declared = (path: PagePath): PageDeclaration => PAGES[path];

export const PAGE_PATHS = Object.keys(PAGES) as PagePath[];

/** The pages the build publishes: every declared page, but the resume only with a resume to show. */
export function publishedPages(has: { resume: boolean }): PagePath[] {
  return PAGE_PATHS.filter((p) => declared(p).needs !== "resume" || has.resume);
}

/** The public `.md` path of a page's twin. */
export function mdPathOf(page: string): string {
  return page === "/" ? "/index.md" : `${page}.md`;
}

/** Where each published page's twin is served when that is not `/twins/<page>`: its own endpoint. */
export function ownTwinRoutes(pages: readonly PagePath[]): Record<string, string> {
  return Object.fromEntries(pages.filter((p) => declared(p).twin === "own").map((p) => [p, mdPathOf(p)]));
}

/** Title and description for a declared page's metadata. */
export function pageMeta(path: PagePath): { path: PagePath; title: string; description: string; json?: string } {
  const { title, description, json } = declared(path);
  return { path, title, description, ...(json ? { json } : {}) };
}

/** The first path segments the app's pages take (`/lens/census` → `lens`). */
export function pageTopLevelNames(): string[] {
  return [...new Set(PAGE_PATHS.map((p) => p.split("/")[1]).filter(Boolean))];
}

import { siteConfig } from "@/site.config";

/**
 * The site's pages that are not files in content/: their title and description (the
 * pages' own metadata reads them from here) and the words a visitor uses for them. The
 * build turns each into an entry of the search index and of /ask's model
 * (lib/content/standing.ts), so "resume pdf?" or "what is she listening to" can land on
 * them like on any written page.
 *
 * `aliases` are the author's paraphrases of what a page is, like the `aliases:` front
 * matter of content pages (content/README.md): ranked as page text, never shown.
 */
export interface StandingPage {
  title: string;
  description: string;
  aliases: readonly string[];
}

/**
 * Words for the home page and the collection indexes, whose titles and descriptions live
 * with the site (site.config.ts: `description`, `intros`) and the collections (lib/content/schema.ts).
 */
export const LISTING_ALIASES: Record<string, readonly string[]> = {
  "/": ["home page", "start page", "front page", "who runs this site", "overview of the site"],
  "/writing": ["blog", "articles", "all posts", "essays", "archive of posts", "what has she written"],
  "/garage": ["workshop log", "repair notes", "maintenance notes", "fixing things", "projects list", "tinkering"],
  "/documents": ["policies", "reference documents", "legal pages", "paperwork"],
  "/utilities": ["tools", "api tools", "list of tools", "what can the api do"],
};

export const STANDING_PAGES = {
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
  },
  "/photos": {
    title: "Photos",
    description:
      "Photographs with their camera settings and Fujifilm film-simulation recipes. Filter by camera, film simulation or anything in the recipe.",
    aliases: ["gallery", "photography", "pictures", "portfolio", "film recipes", "film simulations", "shots"],
  },
  "/rn": {
    title: "Now playing",
    description: "What I am listening to right now: the tracks of my current playlist, with links that open in any music service.",
    aliases: ["music", "current playlist", "songs", "listening to", "favourite tracks", "spotify"],
  },
  "/coffee": {
    title: "Coffee",
    description: "Open slots for a coffee or a call, straight from my calendar.",
    aliases: ["book a meeting", "schedule a call", "calendar", "availability", "meet up", "free time slots", "appointment"],
  },
  "/ledger": {
    title: "Crawler ledger",
    description: "Which AI crawlers read this site over the last 30 days, day by day, priced at one cent a page.",
    aliases: ["ai bots visiting", "bot traffic", "crawler statistics", "who scrapes the site", "gptbot visits"],
  },
  "/around": {
    title: "Around",
    description: `A daily crawl of the homepages of ${siteConfig.around.watches}: what each one says about itself, and what changed.`,
    aliases: [...siteConfig.around.aliases, "changes on firm websites", "website monitoring"],
  },
  "/lens": {
    title: "Lens",
    description:
      "See a public page as AI crawlers and agents see it: robots.txt verdicts per crawler, what each one is served, agent doors and a readiness score.",
    aliases: ["inspect a url", "check my website", "how do ai crawlers see my site", "agent readiness", "seo for ai", "robots checker"],
  },
  "/lens/compare": {
    title: "Compare two pages",
    description: "Two public pages side by side as crawlers see them: status, content, readiness, terms and agent doors.",
    aliases: ["compare websites", "side by side", "diff two urls", "which site is more ready for agents"],
  },
  "/lens/census": {
    title: "Lens census",
    description: "Sixteen representative sites, scanned weekly by lens: agent-readiness scores and terms tiers over time.",
    aliases: ["weekly scan", "survey of websites", "readiness over time", "benchmark of sites"],
  },
  "/search": {
    title: "Search",
    description: "Search the writing, garage notes, documents and utilities of this site.",
    aliases: ["find", "look up", "search box", "query the site"],
  },
} as const satisfies Record<string, StandingPage>;

export type StandingPath = keyof typeof STANDING_PAGES;

/** Title and description for a standing page's metadata. */
export function standingMeta(path: StandingPath): { path: StandingPath; title: string; description: string } {
  const { title, description } = STANDING_PAGES[path];
  return { path, title, description };
}

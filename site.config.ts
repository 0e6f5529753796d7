import type { SiteConfigShape } from "@/lib/site/config-schema";

/**
 * Everything that makes this site someone's own. The values below describe a fictional
 * demo owner: replace them (and `content/`, `photos/`) to run your own site. `npm run build`
 * checks this file first (lib/site/config-schema.ts) and names each mistake as
 * `site.config.ts: field: reason` before it writes anything.
 */
export const siteConfig = {
  /**
   * true: this is the shipped demo, so every page's footer says "Demo content: a fictional
   * owner" and the home page shows a demo notice. Set it to false when the site is yours (the
   * build and `npm run doctor` say so once the name, content/ or photos/ are not the demo's).
   */
  demo: true,
  name: "Avery Quill",
  title: "Avery Quill — notes, photos and a public API",
  description:
    "The personal site of Avery Quill (a fictional demo owner): writing, garage notes, photographs and a keyless public API that machines can read as easily as people.",
  locale: "en-US",
  author: {
    name: "Avery Quill",
    email: "hello@example.com",
    jobTitle: "Software engineer",
    /** One sentence after the job title on the home page. */
    intro: "I review APIs, make websites fast, and help teams make their sites legible to machines.",
  },
  links: [
    { label: "GitHub", href: "https://github.com/example" },
    { label: "Mastodon", href: "https://mastodon.example/@avery" },
  ],
  /**
   * The menu, organised around the person: their work, then how to reach them; the API's
   * pages sit under one entry (/developers links the utilities, which the footer also lists).
   * On a phone, every entry but Search folds into one "Menu" (components/site-header.tsx).
   * A collection whose declaration puts it in the menu (lib/content/collections.ts
   * `index.link`) and that is listed here is placed here; one not listed follows the last
   * collection listed (lib/surface/chrome-links.ts).
   */
  nav: [
    { label: "Writing", href: "/writing" },
    { label: "Garage", href: "/garage" },
    { label: "Photos", href: "/photos" },
    { label: "About", href: "/about" },
    { label: "Contact", href: "/contact" },
    { label: "Search", href: "/search" },
    { label: "Developers", href: "/developers" },
  ],
  /**
   * The footer, for people: the pages a visitor looks for at the bottom of a page, about ten
   * at most so it stays two rows on a phone. The live pages (now playing, coffee, lens, the
   * crawls) are listed on the home page, and the machine endpoints (OpenAPI, the API
   * catalog, llms.txt, the feeds) in its "For machines" section and on /developers
   * (tests/site-head-http.test.ts fails when a page in the sitemap is neither here, in
   * `nav`, nor linked from a section page that is). A link here or in `nav` to a page
   * the build does not have (a deleted content page, no content/resume.json) is left out of
   * every page, and `npm run build` names it. A page of content/pages/ listed neither here nor
   * in `nav` is added after these links, by its `order` (lib/surface/chrome-links.ts).
   */
  footer: [
    { label: "Now", href: "/now" },
    { label: "Resume", href: "/resume" },
    { label: "Documents", href: "/documents" },
    { label: "FAQ", href: "/faq" },
    { label: "Uses", href: "/uses" },
    { label: "Speaking", href: "/speaking" },
    { label: "Utilities", href: "/utilities" },
    { label: "Colophon", href: "/colophon" },
  ],
  /**
   * Your own sentence under a collection index's heading (/garage, /documents…), in place of
   * the general one its declaration carries (lib/content/collections.ts `index.intro`): also
   * its meta description, the summary of its Markdown twin and what search and /ask know of
   * the index page, so say what you actually keep there. Any collection may be left out.
   */
  intros: {
    garage: "Workshop notes: motorcycles, espresso machines, keyboards, the home lab. Newest first.",
    documents: "Standing reference documents: policies, checklists, the press kit.",
  },
  /**
   * What the homepages of content/around.json are (change it with that list). `watches`
   * completes "The homepages of …" on /around, its twin, its search entry and the API's
   * description of /around/json; `aliases` are the words a visitor might ask for it with (/ask).
   */
  around: {
    watches: "a few crypto venture firms",
    aliases: ["venture firms", "vc homepages", "crypto funds"],
  },
  /**
   * Example values in /developers, /openapi.json and the MCP tool schemas, which the contract
   * tests also call with: each should find something in your content.
   */
  examples: {
    /** Questions for /ask: the first is GET's `query`, the second (else the first) POST's `query.text`. */
    questions: ["how do I sync old motorcycle carburetors?", "which film recipe suits harbour light?"],
    /** Searches: the first is /search.json's `q`; all of them make the search box's placeholder. */
    searches: ["rate limits", "carburettors", "Classic Chrome"],
    /** Words from a photo caption in photos/: /photos/query.json's `q`. */
    photoCaption: "mossy stream",
  },
  /** What /robots.txt tells crawlers about AI use (Content-Signal): search and answers yes, training no. */
  contentSignal: { search: "yes", "ai-input": "yes", "ai-train": "no" },
  /**
   * Agent-readiness checks that do not apply to this site, each with the reason, published
   * in /openapi.json as `x-agent-readiness.notApplicable` (lens reads it from any target's
   * OpenAPI document and marks those checks notApplicable instead of failed).
   */
  agentReadinessNotApplicable: {
    a2aAgentCard:
      "A set of read-only tools, not a conversational agent: the agent door is the MCP server (/.well-known/mcp/server-card.json).",
    x402: "Keyless and free: nothing here is sold, to people or to agents.",
    ucp: "Nothing here is sold, so there is no checkout to describe.",
    acp: "Nothing here is sold, so there is no checkout to describe.",
    ap2: "Nothing here is sold, so agents have nothing to pay for.",
  } as Record<string, string>,
  /**
   * The live features, each `"auto"` (on when what it needs is configured where the server
   * starts), `true` (always on: the build and the server refuse to go on without what it
   * needs) or `false` (off). An off feature is absent for visitors: its pages answer 404, and
   * the menu, sitemap, llms.txt, search and /ask leave it out; its API answers "not configured".
   * Set a feature to `true` to list its page in `nav` or `footer`. `npm run doctor` says what
   * each one needs and whether it is on (docs/owner-guide.md).
   */
  features: { nowPlaying: "auto", coffee: "auto", ledger: "auto", around: "auto", census: "auto" },
  timezone: "America/New_York",
  /**
   * Coffee slots (/coffee/availability.json): offered on these ISO weekdays (1 = Monday)
   * between these wall-clock hours in `timezone`, `slotMinutes` long, from `minNoticeHours`
   * ahead up to `horizonDays` ahead, wherever the calendar feed (COFFEE_ICS_URL) is free.
   */
  coffee: { weekdays: [2, 3, 4], hours: { start: "09:30", end: "16:00" }, slotMinutes: 30, horizonDays: 14, minNoticeHours: 18 },
} as const satisfies SiteConfigShape;

export type SiteConfig = typeof siteConfig;

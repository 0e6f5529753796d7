import { aiCrawler, BROWSER_USER_AGENT, SEARCH_ENGINES, AI_CRAWLERS, type Crawler, type CrawlerRole, type SearchEngine } from "./table";

// Which of the known crawlers lens impersonates for its bot views, and whose robots.txt verdicts it reports.

export type ViewRole = "control" | CrawlerRole;

/** One identity lens fetches a page as. */
export interface ViewAgent {
  /** Lowercase slug of the token (`gptbot`), or `control`. */
  key: string;
  label: string;
  /** robots.txt product token; null for the browser control. */
  token: string | null;
  owner: string;
  role: ViewRole;
  userAgent: string;
}

/**
 * The crawlers a bot view fetches as, after the control: one per (operator, role), the
 * operators most sites write rules for, ending with the two search engines as a reference
 * for what a site still lets ordinary search see.
 */
const VIEW_TOKENS = [
  "GPTBot",
  "OAI-SearchBot",
  "ChatGPT-User",
  "ClaudeBot",
  "Claude-User",
  "PerplexityBot",
  "Perplexity-User",
  "CCBot",
  "Googlebot",
  "Bingbot",
] as const;

const slug = (token: string) =>
  token
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const CONTROL: ViewAgent = { key: "control", label: "Browser", token: null, owner: "—", role: "control", userAgent: BROWSER_USER_AGENT };

const VIEW_AGENTS: readonly ViewAgent[] = [
  CONTROL,
  ...VIEW_TOKENS.map((token): ViewAgent => {
    const c: Crawler | SearchEngine | undefined = aiCrawler(token) ?? SEARCH_ENGINES.find((s) => s.token === token);
    if (!c?.userAgent || ("robotsOnly" in c && c.robotsOnly)) throw new Error(`bot view ${token} has no User-Agent`);
    return { key: slug(c.token), label: c.token, token: c.token, owner: c.owner, role: c.role, userAgent: c.userAgent };
  }),
];

/** The identities a bot view fetches as: the browser control first, then the crawlers (robots-only tokens never). */
export function botViewAgents(): ViewAgent[] {
  return VIEW_AGENTS.map((a) => ({ ...a }));
}

export interface RobotsToken {
  token: string;
  owner: string;
  role: CrawlerRole | "search";
  kind: "ai" | "search-engine";
}

const ROBOTS_TOKENS: readonly RobotsToken[] = [
  ...AI_CRAWLERS.map((c): RobotsToken => ({ token: c.token, owner: c.owner, role: c.role, kind: "ai" })),
  ...SEARCH_ENGINES.map((s): RobotsToken => ({ token: s.token, owner: s.owner, role: s.role, kind: "search-engine" })),
];

/** Every token whose robots.txt verdict lens reports: all AI crawlers (robots-only included), then Googlebot and Bingbot. */
export function robotsTokens(): RobotsToken[] {
  return ROBOTS_TOKENS.map((t) => ({ ...t }));
}

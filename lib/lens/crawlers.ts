/**
 * The AI crawlers lens knows by name: robots.txt product token, operator and role, written
 * from the operators' own crawler documentation (notes/lens.md §3). Roles follow Cloudflare
 * Radar's crawl purposes: `train` (collects training data), `search` (builds an AI search
 * index), `answers` (fetches a page because a person asked an assistant). The shared
 * ai-robots.json list is only a cross-check in tests, never copied here.
 */
export type CrawlerRole = "train" | "search" | "answers";

export interface Crawler {
  token: string;
  owner: string;
  role: CrawlerRole;
  /** Honoured in robots.txt only; the operator never fetches with this name. */
  robotsOnly?: boolean;
}

export const AI_CRAWLERS: readonly Crawler[] = [
  { token: "GPTBot", owner: "OpenAI", role: "train" },
  { token: "OAI-SearchBot", owner: "OpenAI", role: "search" },
  { token: "ChatGPT-User", owner: "OpenAI", role: "answers" },
  { token: "ClaudeBot", owner: "Anthropic", role: "train" },
  { token: "anthropic-ai", owner: "Anthropic", role: "train" },
  { token: "Claude-SearchBot", owner: "Anthropic", role: "search" },
  { token: "Claude-User", owner: "Anthropic", role: "answers" },
  { token: "Google-Extended", owner: "Google", role: "train", robotsOnly: true },
  { token: "Gemini-Deep-Research", owner: "Google", role: "answers" },
  { token: "Applebot-Extended", owner: "Apple", role: "train", robotsOnly: true },
  { token: "PerplexityBot", owner: "Perplexity", role: "search" },
  { token: "Perplexity-User", owner: "Perplexity", role: "answers" },
  { token: "Meta-ExternalAgent", owner: "Meta", role: "train" },
  { token: "Meta-ExternalFetcher", owner: "Meta", role: "answers" },
  { token: "FacebookBot", owner: "Meta", role: "train" },
  { token: "Amazonbot", owner: "Amazon", role: "train" },
  { token: "Amzn-SearchBot", owner: "Amazon", role: "search" },
  { token: "CCBot", owner: "Common Crawl", role: "train" },
  { token: "Bytespider", owner: "ByteDance", role: "train" },
  { token: "cohere-training-data-crawler", owner: "Cohere", role: "train" },
  { token: "cohere-ai", owner: "Cohere", role: "answers" },
  { token: "MistralAI-User", owner: "Mistral AI", role: "answers" },
  { token: "DuckAssistBot", owner: "DuckDuckGo", role: "answers" },
  { token: "AI2Bot", owner: "Allen Institute for AI", role: "train" },
  { token: "Timpibot", owner: "Timpi", role: "train" },
];

const BY_TOKEN = new Map(AI_CRAWLERS.map((c) => [c.token.toLowerCase(), c]));

/** Whole-token, case-insensitive match (upstream warns against substring matching). */
export function aiCrawler(token: string): Crawler | undefined {
  return BY_TOKEN.get(token.trim().toLowerCase());
}

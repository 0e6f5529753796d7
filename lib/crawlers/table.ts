/**
 * The AI crawlers lens knows by name: robots.txt product token, operator and role, written
 * from the operators' own crawler documentation. Roles follow Cloudflare
 * Radar's crawl purposes: `train` (collects training data), `search` (builds an AI search
 * index), `answers` (fetches a page because a person asked an assistant). The shared
 * ai-robots.json list is only a cross-check in tests, never copied here.
 *
 * `userAgent` is the full User-Agent header the operator documents for a crawler that really
 * fetches; lens sends it for "bot views". Rows marked `// pattern, not verbatim` are not the
 * operator's published string (none is published, or it could not be checked): they follow the
 * common `compatible; Token/version; +contact` shape so a site matching on the token still sees
 * the token. Versions drift; the operator's `docs` page is the authority.
 */
export type CrawlerRole = "train" | "search" | "answers";

export interface Crawler {
  token: string;
  owner: string;
  role: CrawlerRole;
  /** Honoured in robots.txt only; the operator never fetches with this name. */
  robotsOnly?: boolean;
  /** Full User-Agent header of a fetching crawler; never set on a robots-only token. */
  userAgent?: string;
  /** The operator's own page on this crawler; null when the operator publishes none. */
  docs: string | null;
}

const OPENAI_DOCS = "https://platform.openai.com/docs/bots";
const ANTHROPIC_DOCS =
  "https://support.anthropic.com/en/articles/8896518-does-anthropic-crawl-data-from-the-web-and-how-can-site-owners-block-the-crawler";
const GOOGLE_CRAWLERS_DOCS = "https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers";
const PERPLEXITY_DOCS = "https://docs.perplexity.ai/guides/bots";
const META_DOCS = "https://developers.facebook.com/docs/sharing/webmasters/web-crawlers/";
const AMAZON_DOCS = "https://developer.amazon.com/amazonbot";

export const AI_CRAWLERS: readonly Crawler[] = [
  {
    token: "GPTBot",
    owner: "OpenAI",
    role: "train",
    userAgent: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)",
    docs: OPENAI_DOCS,
  },
  {
    token: "OAI-SearchBot",
    owner: "OpenAI",
    role: "search",
    userAgent: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot)",
    docs: OPENAI_DOCS,
  },
  {
    token: "ChatGPT-User",
    owner: "OpenAI",
    role: "answers",
    userAgent: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ChatGPT-User/1.0; +https://openai.com/bot)",
    docs: OPENAI_DOCS,
  },
  {
    token: "ClaudeBot",
    owner: "Anthropic",
    role: "train",
    userAgent: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)",
    docs: ANTHROPIC_DOCS,
  },
  // Legacy token Anthropic once named for robots.txt; no User-Agent for it is published, so lens never sends it.
  { token: "anthropic-ai", owner: "Anthropic", role: "train", docs: ANTHROPIC_DOCS },
  {
    token: "Claude-SearchBot",
    owner: "Anthropic",
    role: "search",
    // pattern, not verbatim (Anthropic documents the token, not the full string)
    userAgent: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-SearchBot/1.0; +Claude-SearchBot@anthropic.com)",
    docs: ANTHROPIC_DOCS,
  },
  {
    token: "Claude-User",
    owner: "Anthropic",
    role: "answers",
    // pattern, not verbatim (Anthropic documents the token, not the full string)
    userAgent: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)",
    docs: ANTHROPIC_DOCS,
  },
  { token: "Google-Extended", owner: "Google", role: "train", robotsOnly: true, docs: `${GOOGLE_CRAWLERS_DOCS}#google-extended` },
  {
    token: "Gemini-Deep-Research",
    owner: "Google",
    role: "answers",
    // pattern, not verbatim (no Google page for this agent is known to us)
    userAgent: "Mozilla/5.0 (compatible; Gemini-Deep-Research/1.0; +https://gemini.google.com/)",
    docs: null,
  },
  { token: "Applebot-Extended", owner: "Apple", role: "train", robotsOnly: true, docs: "https://support.apple.com/en-us/119829" },
  {
    token: "PerplexityBot",
    owner: "Perplexity",
    role: "search",
    userAgent: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)",
    docs: PERPLEXITY_DOCS,
  },
  {
    token: "Perplexity-User",
    owner: "Perplexity",
    role: "answers",
    userAgent:
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)",
    docs: PERPLEXITY_DOCS,
  },
  {
    token: "Meta-ExternalAgent",
    owner: "Meta",
    role: "train",
    userAgent: "meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)",
    docs: META_DOCS,
  },
  {
    token: "Meta-ExternalFetcher",
    owner: "Meta",
    role: "answers",
    userAgent: "meta-externalfetcher/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)",
    docs: META_DOCS,
  },
  {
    token: "FacebookBot",
    owner: "Meta",
    role: "train",
    userAgent: "Mozilla/5.0 (compatible; FacebookBot/1.0; +https://developers.facebook.com/docs/sharing/webmasters/facebookbot/)",
    docs: "https://developers.facebook.com/docs/sharing/bot/",
  },
  {
    token: "Amazonbot",
    owner: "Amazon",
    role: "train",
    userAgent:
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot) Chrome/119.0.6045.214 Safari/537.36",
    docs: AMAZON_DOCS,
  },
  {
    token: "Amzn-SearchBot",
    owner: "Amazon",
    role: "search",
    // pattern, not verbatim
    userAgent: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amzn-SearchBot/0.1)",
    docs: AMAZON_DOCS,
  },
  {
    token: "CCBot",
    owner: "Common Crawl",
    role: "train",
    userAgent: "CCBot/2.0 (https://commoncrawl.org/faq/)",
    docs: "https://commoncrawl.org/ccbot",
  },
  {
    token: "Bytespider",
    owner: "ByteDance",
    role: "train",
    userAgent:
      "Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)",
    docs: null,
  },
  {
    token: "cohere-training-data-crawler",
    owner: "Cohere",
    role: "train",
    // pattern, not verbatim (Cohere publishes no crawler page)
    userAgent: "Mozilla/5.0 (compatible; cohere-training-data-crawler/1.0; +https://cohere.com)",
    docs: null,
  },
  {
    token: "cohere-ai",
    owner: "Cohere",
    role: "answers",
    // pattern, not verbatim (Cohere publishes no crawler page)
    userAgent: "Mozilla/5.0 (compatible; cohere-ai/1.0; +https://cohere.com)",
    docs: null,
  },
  {
    token: "MistralAI-User",
    owner: "Mistral AI",
    role: "answers",
    userAgent: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MistralAI-User/1.0; +https://docs.mistral.ai/robots)",
    docs: "https://docs.mistral.ai/robots",
  },
  {
    token: "DuckAssistBot",
    owner: "DuckDuckGo",
    role: "answers",
    // pattern, not verbatim (shape as recalled from DuckDuckGo's page, version unchecked)
    userAgent: "DuckAssistBot/1.2; (+http://duckduckgo.com/duckassistbot.html)",
    docs: "https://duckduckgo.com/duckduckgo-help-pages/results/duckassistbot",
  },
  {
    token: "AI2Bot",
    owner: "Allen Institute for AI",
    role: "train",
    // pattern, not verbatim (shape as recalled from Ai2's crawler page, unchecked)
    userAgent: "Mozilla/5.0 (compatible) AI2Bot (+https://www.allenai.org/crawler)",
    docs: "https://allenai.org/crawler",
  },
  {
    token: "Timpibot",
    owner: "Timpi",
    role: "train",
    // pattern, not verbatim (Timpi publishes no crawler page)
    userAgent: "Timpibot/0.8 (+http://www.timpi.io)",
    docs: null,
  },
];

const BY_TOKEN = new Map(AI_CRAWLERS.map((c) => [c.token.toLowerCase(), c]));

/** Whole-token, case-insensitive match (upstream warns against substring matching). */
export function aiCrawler(token: string): Crawler | undefined {
  return BY_TOKEN.get(token.trim().toLowerCase());
}

export interface SearchEngine {
  token: string;
  owner: string;
  role: "search";
  userAgent: string;
  docs: string;
}

/** Search-engine crawlers lens also reports on (robots.txt verdicts, bot views); not AI crawlers. */
export const SEARCH_ENGINES: readonly SearchEngine[] = [
  {
    token: "Googlebot",
    owner: "Google",
    role: "search",
    userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    docs: "https://developers.google.com/search/docs/crawling-indexing/googlebot",
  },
  {
    token: "Bingbot",
    owner: "Microsoft",
    role: "search",
    userAgent:
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36",
    docs: "https://www.bing.com/webmasters/help/which-crawlers-does-bing-use-8c184ec0",
  },
];

/** An ordinary desktop browser (Chrome on Linux, reduced UA): the control every bot view is judged against. */
export const BROWSER_USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { needs, thirdParty } from "@/tests/helpers/third-party";
import { AI_CRAWLERS, aiCrawler, botViewAgents, BROWSER_USER_AGENT, robotsTokens, SEARCH_ENGINES, type CrawlerRole } from ".";

/**
 * Cross-check against ai.robots.txt's robots.json (../shared/data/README.md): third-party data,
 * read here only, never copied into the project. Skipped where the shared data is not checked out
 * (the run's summary then says so).
 */
const { file: DATA, present: HAVE_DATA } = thirdParty("aiRobots");

interface UpstreamEntry {
  operator: string;
  respect: string;
  function: string;
  frequency: string;
  description: string;
}
type Upstream = Record<string, UpstreamEntry>;

const upstream: Upstream = HAVE_DATA ? (JSON.parse(readFileSync(DATA, "utf8")) as Upstream) : {};

/** Upstream keys are product tokens, a few with a version ("MistralAI-User/1.0"): compare the name part, whole and case-insensitively. */
const nameOf = (key: string) => key.split("/", 1)[0].trim().toLowerCase();
const upstreamEntries = (token: string) => Object.entries(upstream).filter(([k]) => nameOf(k) === token.toLowerCase());

/** The role upstream's wording implies: its Known Agents category first, then its prose. Null when it says nothing we can read. */
function upstreamRole(e: UpstreamEntry): CrawlerRole | null {
  const category = e.function.trim();
  if (/^AI Search Crawlers$/i.test(category)) return "search";
  if (/^AI (Assistants|Agents)$/i.test(category)) return "answers";
  if (/^AI Data Scrapers$/i.test(category)) return "train";
  const text = `${e.function} ${e.description}`;
  if (/search result generation|\bAI search\b/i.test(text)) return "search";
  if (/user-initiated|\buser prompts?\b/i.test(text)) return "answers";
  if (/\btrain|\bdataset/i.test(text)) return "train";
  return null;
}

/** Where the operator's own documentation settles what upstream's wording does not. */
const ROLE_OVERRIDES: Record<string, { role: CrawlerRole; why: string }> = {
  // Upstream: "Service improvement and enabling answers for Alexa users." Amazon's Amazonbot page says its
  // crawl may be used to train Amazon AI models; Amzn-SearchBot and Amzn-User cover search and answers.
  Amazonbot: { role: "train", why: "Amazon documents training use; search/answers have their own tokens" },
  // Upstream: "navigates the web to improve search result quality" — search, in words the heuristic does not read.
  "Claude-SearchBot": { role: "search", why: "Anthropic documents it as the crawler behind Claude's search results" },
};

/** Our AI tokens that upstream does not list, each with the reason we keep it. */
const NOT_UPSTREAM: Record<string, string> = {};

/** Fetching crawlers with no published User-Agent, so lens never impersonates them. */
const NO_USER_AGENT: Record<string, string> = {
  "anthropic-ai": "legacy robots.txt token; Anthropic publishes no User-Agent for it",
};

const MAJOR = [
  "GPTBot",
  "ClaudeBot",
  "CCBot",
  "PerplexityBot",
  "Google-Extended",
  "Applebot-Extended",
  "Bytespider",
  "Meta-ExternalAgent",
  "OAI-SearchBot",
  "ChatGPT-User",
  "Claude-User",
  "Claude-SearchBot",
  "Perplexity-User",
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The token as a whole word of the header (not "NotGPTBotReally"), case-insensitively. */
const namesToken = (userAgent: string, token: string) => new RegExp(`(^|[^a-z0-9_-])${escape(token)}([^a-z0-9_-]|$)`, "i").test(userAgent);

describe("the crawler table against ai-robots.json", needs("aiRobots"), () => {
  it("reads the shared data", () => {
    expect(Object.keys(upstream).length).toBeGreaterThan(100);
  });

  it("gives each crawler the role upstream's description implies, or a documented override", () => {
    const mismatches: string[] = [];
    for (const c of AI_CRAWLERS) {
      for (const [key, entry] of upstreamEntries(c.token)) {
        const expected = ROLE_OVERRIDES[c.token]?.role ?? upstreamRole(entry);
        if (expected !== c.role)
          mismatches.push(`${c.token}: ours ${c.role}, upstream ${key} reads as ${expected ?? "nothing"} (${entry.function})`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("keeps only overrides the heuristic still gets wrong", () => {
    for (const [token, o] of Object.entries(ROLE_OVERRIDES)) {
      expect(aiCrawler(token)?.role, token).toBe(o.role);
      const entries = upstreamEntries(token);
      expect(entries.length, `${token} is upstream`).toBeGreaterThan(0);
      expect(
        entries.some(([, e]) => upstreamRole(e) !== o.role),
        `${token}: the heuristic now agrees, drop the override`,
      ).toBe(true);
    }
  });

  it("lists no AI crawler upstream does not know (or says why)", () => {
    const missing = AI_CRAWLERS.filter((c) => upstreamEntries(c.token).length === 0 && !(c.token in NOT_UPSTREAM)).map((c) => c.token);
    expect(missing).toEqual([]);
    for (const token of Object.keys(NOT_UPSTREAM)) expect(upstreamEntries(token), `${token} is upstream now`).toEqual([]);
  });

  it("knows every major operator's tokens", () => {
    for (const token of MAJOR) {
      expect(upstreamEntries(token).length, `${token} upstream`).toBeGreaterThan(0);
      expect(aiCrawler(token)?.token, token).toBe(token);
    }
  });
});

describe("User-Agents", () => {
  it("names its own token in every User-Agent, so a site matching on the token sees it", () => {
    for (const c of [...AI_CRAWLERS, ...SEARCH_ENGINES]) if (c.userAgent) expect(namesToken(c.userAgent, c.token), c.token).toBe(true);
  });

  it("names no other crawler's token in a User-Agent", () => {
    const all = [...AI_CRAWLERS, ...SEARCH_ENGINES];
    for (const c of all) {
      if (!c.userAgent) continue;
      const others = all.filter((o) => o.token !== c.token && namesToken(c.userAgent!, o.token)).map((o) => o.token);
      expect(others, c.token).toEqual([]);
    }
  });

  it("gives robots-only tokens no User-Agent, and every fetching crawler one (or says why not)", () => {
    for (const c of AI_CRAWLERS) {
      if (c.robotsOnly) expect(c.userAgent, c.token).toBeUndefined();
      else if (c.token in NO_USER_AGENT) expect(c.userAgent, c.token).toBeUndefined();
      else expect(c.userAgent, c.token).toMatch(/\S/);
    }
  });

  it("points every row at an https documentation page, or at nothing", () => {
    for (const c of [...AI_CRAWLERS, ...SEARCH_ENGINES]) if (c.docs !== null) expect(new URL(c.docs).protocol, c.token).toBe("https:");
  });

  it("keeps the control an ordinary browser that names no crawler", () => {
    expect(BROWSER_USER_AGENT).toMatch(/^Mozilla\/5\.0 \(X11; Linux x86_64\).* Chrome\/\d+/);
    for (const c of [...AI_CRAWLERS, ...SEARCH_ENGINES]) expect(namesToken(BROWSER_USER_AGENT, c.token), c.token).toBe(false);
    expect(BROWSER_USER_AGENT).not.toMatch(/bot|crawl|spider|compatible/i);
  });
});

describe("botViewAgents", () => {
  const agents = botViewAgents();

  it("starts with the browser control", () => {
    expect(agents[0]).toEqual({
      key: "control",
      label: "Browser",
      token: null,
      owner: expect.any(String),
      role: "control",
      userAgent: BROWSER_USER_AGENT,
    });
    expect(agents.filter((a) => a.role === "control")).toHaveLength(1);
  });

  it("fetches as the chosen crawlers, one per operator and role, never a robots-only token", () => {
    expect(agents.map((a) => a.token)).toEqual([
      null,
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
    ]);
    const pairs = agents.map((a) => `${a.owner}/${a.role}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const a of agents.slice(1)) {
      expect(aiCrawler(a.token!)?.robotsOnly, a.token!).not.toBe(true);
      expect(namesToken(a.userAgent, a.token!), a.token!).toBe(true);
      const row = aiCrawler(a.token!) ?? SEARCH_ENGINES.find((s) => s.token === a.token);
      expect(a).toMatchObject({ label: row!.token, owner: row!.owner, role: row!.role, userAgent: row!.userAgent });
    }
  });

  it("keys each view by a unique lowercase slug of its token", () => {
    const keys = agents.map((a) => a.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const a of agents) expect(a.key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(keys.slice(0, 4)).toEqual(["control", "gptbot", "oai-searchbot", "chatgpt-user"]);
    for (const a of agents.slice(1)) expect(a.key).toBe(a.token!.toLowerCase());
    expect(new Set(agents.map((a) => a.userAgent)).size).toBe(agents.length);
  });

  it("hands out copies", () => {
    botViewAgents()[0].userAgent = "changed";
    expect(botViewAgents()[0].userAgent).toBe(BROWSER_USER_AGENT);
  });
});

describe("robotsTokens", () => {
  const tokens = robotsTokens();

  it("reports every AI crawler, robots-only ones included, then Googlebot and Bingbot", () => {
    expect(tokens.filter((t) => t.kind === "ai")).toEqual(
      AI_CRAWLERS.map((c) => ({ token: c.token, owner: c.owner, role: c.role, kind: "ai" })),
    );
    expect(tokens.filter((t) => t.kind === "search-engine")).toEqual([
      { token: "Googlebot", owner: "Google", role: "search", kind: "search-engine" },
      { token: "Bingbot", owner: "Microsoft", role: "search", kind: "search-engine" },
    ]);
    expect(tokens.map((t) => t.token)).toEqual(expect.arrayContaining(["Google-Extended", "Applebot-Extended"]));
  });

  it("names each token once, case-insensitively", () => {
    const lower = tokens.map((t) => t.token.toLowerCase());
    expect(new Set(lower).size).toBe(lower.length);
  });
});

describe("aiCrawler", () => {
  it("finds a crawler by whole token, in any case, and nothing else", () => {
    expect(aiCrawler(" gptbot ")?.token).toBe("GPTBot");
    expect(aiCrawler("META-EXTERNALAGENT")?.owner).toBe("Meta");
    expect(aiCrawler("GPTBot/1.1")).toBeUndefined();
    expect(aiCrawler("Googlebot")).toBeUndefined();
  });
});

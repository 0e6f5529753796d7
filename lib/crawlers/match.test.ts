import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AI_CRAWLERS, crawlerOf, FETCHING_TOKENS, loadCrawlerTokens, writeCrawlerTokens } from ".";

describe("who is a crawler", () => {
  it.each([
    ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)", "GPTBot"],
    ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)", "ClaudeBot"],
    ["Mozilla/5.0 (compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)", "PerplexityBot"],
    ["meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)", "Meta-ExternalAgent"],
    ["CCBot/2.0 (https://commoncrawl.org/faq/)", "CCBot"],
    [
      "Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)",
      "Bytespider",
    ],
    ["Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot", "ChatGPT-User"],
  ])("%s → %s", (ua, token) => {
    expect(crawlerOf(ua)?.token).toBe(token);
  });

  it.each([
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36",
    "NotGPTBotReally/1.0",
    "curl/8.5.0",
    "Google-Extended", // a robots.txt token, never a User-Agent
    "",
  ])("%j is nobody", (ua) => {
    expect(crawlerOf(ua)).toBeUndefined();
  });

  it("knows every fetching crawler of the table by its own token", () => {
    for (const c of AI_CRAWLERS.filter((c) => !c.robotsOnly)) expect(crawlerOf(`${c.token}/1.0`)?.token).toBe(c.token);
  });
});

describe("the tokens the build records for server.mjs", () => {
  it("reads back, lowercased, exactly the tokens crawlerOf knows", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "crawler-tokens-"));
    try {
      writeCrawlerTokens(dir);
      const tokens = loadCrawlerTokens(dir);
      expect([...(tokens ?? [])].sort()).toEqual([...FETCHING_TOKENS].sort());
      for (const t of tokens ?? []) expect(crawlerOf(`${t}/1.0`)?.token.toLowerCase(), t).toBe(t);
      expect(tokens?.has("google-extended")).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reads no tokens from a build that wrote none", () => {
    expect(loadCrawlerTokens(path.join(tmpdir(), "no-such-build-dir"))).toBeNull();
  });
});

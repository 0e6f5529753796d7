import { describe, expect, it } from "vitest";
import { AI_CRAWLERS, crawlerOf, productTokens } from ".";

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

  it("splits a User-Agent into whole product tokens, lowercased", () => {
    expect(productTokens("Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)")).toEqual([
      "mozilla",
      "compatible",
      "gptbot",
      "+https:",
    ]);
    expect(productTokens(null)).toEqual([]);
  });

  it("knows every fetching crawler of the table by its own token", () => {
    for (const c of AI_CRAWLERS.filter((c) => !c.robotsOnly)) expect(crawlerOf(`${c.token}/1.0`)?.token).toBe(c.token);
  });
});

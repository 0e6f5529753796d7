import { AI_CRAWLERS, type Crawler } from "./table";

/**
 * The product tokens of a User-Agent, lowercased: "Mozilla/5.0 (compatible; GPTBot/1.2;
 * +https://openai.com/gptbot)" → mozilla, compatible, gptbot, +https:. Crawlers are matched
 * on a whole token, never a substring ("NotGPTBotReally" is nobody).
 */
export function productTokens(userAgent: string | null | undefined): string[] {
  if (!userAgent) return [];
  const out: string[] = [];
  for (const part of userAgent.toLowerCase().split(/[\s;(),]+/)) if (part) out.push(part.split("/", 1)[0]);
  return out;
}

const FETCHING = new Map(AI_CRAWLERS.filter((c) => !c.robotsOnly).map((c) => [c.token.toLowerCase(), c]));

/**
 * The crawler a User-Agent names, by whole product token ("GPTBot/1.2", "(compatible;
 * ClaudeBot/1.0; …)"), case-insensitively; never by substring, so "NotGPTBotReally" is
 * nobody. Robots-only tokens (Google-Extended) never appear in a User-Agent.
 */
export function crawlerOf(userAgent: string | null | undefined): Crawler | undefined {
  for (const token of productTokens(userAgent)) {
    const hit = FETCHING.get(token);
    if (hit) return hit;
  }
  return undefined;
}

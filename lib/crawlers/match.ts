import { writeFileSync } from "node:fs";
import { CRAWLER_TOKENS_FILE, loadCrawlerTokens, productTokens } from "@/lib/core/crawler-tokens.mjs";
import { AI_CRAWLERS, type Crawler } from "./table";

// server.mjs (plain JS) reads the tokens file and splits User-Agents itself, so those two live in
// lib/core/crawler-tokens.mjs for now; everything in TypeScript reaches them through here.
export { CRAWLER_TOKENS_FILE, loadCrawlerTokens, productTokens };

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

/** The tokens `crawlerOf` knows: the build records them so server.mjs can tell a crawler's page read without loading this table. */
export const FETCHING_TOKENS: readonly string[] = [...FETCHING.keys()];

/** Writes FETCHING_TOKENS where `loadCrawlerTokens(dataDir)` reads them back. */
export function writeCrawlerTokens(dataDir: string): void {
  writeFileSync(`${dataDir}/${CRAWLER_TOKENS_FILE}`, `${JSON.stringify(FETCHING_TOKENS)}\n`);
}

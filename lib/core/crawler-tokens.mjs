// Which User-Agents name an AI crawler, shared by lib/ledger/count.ts (which counts their
// page reads) and server.mjs (which lets every other reader's page request skip proxy.ts).
// Plain JavaScript, like server.mjs.
import { readFileSync } from "node:fs";

/** Where the build writes the fetching crawlers' tokens for server.mjs. */
export const CRAWLER_TOKENS_FILE = "crawler-tokens.json";

/**
 * The product tokens of a User-Agent, lowercased: "Mozilla/5.0 (compatible; GPTBot/1.2;
 * +https://openai.com/gptbot)" → mozilla, compatible, gptbot, +https:. Crawlers are matched
 * on a whole token, never a substring ("NotGPTBotReally" is nobody).
 * @param {string | null | undefined} userAgent
 * @returns {string[]}
 */
export function productTokens(userAgent) {
  if (!userAgent) return [];
  const out = [];
  for (const part of userAgent.toLowerCase().split(/[\s;(),]+/)) if (part) out.push(part.split("/", 1)[0]);
  return out;
}

/**
 * The lowercased tokens of the fetching AI crawlers as the build recorded them, or null
 * when this build has none (then nobody may skip the proxy's counting).
 * @param {string} dataDir
 * @returns {Set<string> | null}
 */
export function loadCrawlerTokens(dataDir) {
  try {
    const tokens = JSON.parse(readFileSync(`${dataDir}/${CRAWLER_TOKENS_FILE}`, "utf8"));
    return Array.isArray(tokens) ? new Set(tokens.map((t) => String(t).toLowerCase())) : null;
  } catch {
    return null;
  }
}

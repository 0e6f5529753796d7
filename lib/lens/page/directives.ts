import { aiCrawler } from "@/lib/crawlers";
import type { PageScan } from "./scan";

export interface Directives {
  metaRobots: string | null;
  xRobotsTag: string | null;
  /** A meta tag or X-Robots-Tag rule addressed to a named AI crawler (`<meta name="GPTBot">`, `X-Robots-Tag: GPTBot: noindex`). */
  namesAiCrawlers: boolean;
}

/** Robots directives from the page and its headers. `scan` is null for bodies that are not HTML. */
export function directives(scan: PageScan | null, headers: Record<string, string>): Directives {
  const xRobotsTag = headers["x-robots-tag"]?.trim() || null;
  let metaRobots: string | null = null;
  let namesAiCrawlers = false;
  if (scan) {
    const robots: string[] = [];
    for (const el of scan.metas) {
      if (el.attribs.name === undefined || el.attribs.content === undefined) continue;
      const name = el.attribs.name.trim();
      if (name.toLowerCase() === "robots") robots.push(el.attribs.content.trim());
      else if (aiCrawler(name)) namesAiCrawlers = true;
    }
    metaRobots = robots.length ? robots.join(", ") : null;
  }
  if (xRobotsTag) {
    // Each rule may start with a user agent and a colon: "GPTBot: noindex, nofollow".
    for (const m of xRobotsTag.matchAll(/(?:^|,)\s*([A-Za-z][\w.-]*)\s*:/g)) {
      if (aiCrawler(m[1])) namesAiCrawlers = true;
    }
  }
  return { metaRobots, xRobotsTag, namesAiCrawlers };
}

/**
 * Whether the page points to an llms.txt (a <link> or an <a> to /llms.txt or /llms-full.txt,
 * or a Link header naming one). The page pass makes one request; the discovery pass probes
 * the path itself.
 */
export function linksToLlmsTxt(scan: PageScan | null, headers: Record<string, string>): boolean {
  const isLlms = (href: string) => /(^|\/)llms(-full)?\.txt(?:$|[?#])/i.test(href.trim());
  if (headers.link && /<[^>]*llms(-full)?\.txt[^>]*>/i.test(headers.link)) return true;
  return scan ? scan.hrefs.some(isLlms) : false;
}

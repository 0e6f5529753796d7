import { beforeAll, describe, expect, it, vi } from "vitest";
import { searchSite } from "@/lib/search/search";

/**
 * Relevance over the demo corpus (built by `npm run build` into .site/): for each query,
 * the page that must come first, or be in the top three. A change to ranking or content
 * that breaks one of these is a regression a visitor would notice. Ranked as a site with
 * every live feature configured ranks (lib/features; nothing here reaches the services).
 */
beforeAll(() => {
  vi.stubEnv("REDIS_URL", "redis://127.0.0.1:6379");
  vi.stubEnv("SPOTIFY_CLIENT_ID", "id");
  vi.stubEnv("SPOTIFY_CLIENT_SECRET", "secret");
  vi.stubEnv("SPOTIFY_REFRESH_TOKEN", "token");
  vi.stubEnv("COFFEE_ICS_URL", "http://127.0.0.1:9/calendar.ics");
  vi.stubEnv("JOBS_ENABLED", "1");
});
const TOP1: [string, string][] = [
  ["carburetor sync vacuum gauges", "/garage/cb400f-carb-sync"],
  ["valve clearance feeler gauge", "/garage/cb400f-valve-clearances"],
  ["idempotency key retries", "/writing/idempotency-keys-from-the-payments-years"],
  ["429 retry-after budget", "/writing/rate-limits-for-humans"],
  ["robots.txt GPTBot", "/writing/reading-robots-txt-like-an-ai-crawler"],
  ["Classic Chrome winter recipe", "/writing/classic-chrome-in-a-new-york-winter"],
  ["Reala Ace Classic Negative", "/writing/reala-ace-vs-classic-negative-harbour-light"],
  ["group gasket shower screen", "/garage/gaggia-classic-group-gasket-and-shower-screen"],
  ["OPV spring descale", "/garage/gaggia-classic-opv-spring-and-descale"],
  ["lube linear switches", "/garage/lubing-and-filming-linear-switches"],
  ["spoke tension truing", "/garage/truing-a-wheel-on-a-cheap-stand"],
  ["Technics turntable strobe", "/garage/technics-sl-1500-revival"],
  ["NUT UPS shutdown", "/garage/ups-nut-clean-shutdown-proxmox"],
  ["privacy cookies", "/documents/privacy-policy"],
  ["WCAG accessibility", "/documents/accessibility-statement"],
  ["security vulnerability disclosure", "/documents/responsible-disclosure"],
  ["press kit headshot bio", "/documents/press-kit"],
  ["consulting rates payment terms", "/documents/consulting-terms"],
  ["coffee chat experiment", "/writing/the-coffee-chat-experiment"],
  ["p99 latency tail", "/writing/p99-is-a-feature"],
];

const TOP3: [string, string][] = [
  ["markdown twin accept header", "/writing/markdown-twins"],
  ["api keys keyless", "/writing/why-my-api-has-no-keys"],
  ["error code hint shape", "/writing/one-error-shape-for-a-whole-api"],
  ["version headers deprecation", "/writing/versioning-without-version-headers"],
  ["on-call crypto custody", "/writing/what-leaving-crypto-taught-me-about-on-call"],
  ["winter storage battery tender", "/garage/winterizing-the-four"],
  ["wiring harness ground multimeter", "/garage/cb400f-intermittent-electrical-fault"],
  ["restore backups 3-2-1", "/garage/home-lab-restore-drill"],
  ["cycling waterfront winter", "/writing/cycling-the-brooklyn-waterfront-all-year"],
  ["independent consultant first year", "/writing/year-one-as-an-independent-consultant"],
  ["camera keyboard gear", "/uses"],
  ["talks conference meetup", "/speaking"],
  ["reading list books", "/documents/reading-list-2026"],
  ["API design review checklist pagination", "/documents/api-design-review-checklist"],
  ["lens crawler inspect url", "/utilities/lens"],
  ["compare two pages", "/utilities/lens-compare"],
  ["playlist tracks listening", "/utilities/now-playing"],
  ["venture firms homepages crawl", "/utilities/around"],
  ["AI crawler ledger cent", "/utilities/crawler-ledger"],
  ["photo film simulation query", "/utilities/photo-query"],
  // typo and prefix tolerance
  ["carburettor", "/garage/cb400f-carb-sync"],
  ["idempotncy", "/writing/idempotency-keys-from-the-payments-years"],
  ["turntab", "/garage/technics-sl-1500-revival"],
];

describe("search relevance over the demo corpus", () => {
  it.each(TOP1)("%s → %s first", (q, url) => {
    const { results } = searchSite(q, 5);
    expect(results.map((r) => r.url)[0], JSON.stringify(results.map((r) => r.url))).toBe(url);
  });
  it.each(TOP3)("%s → %s in the top 3", (q, url) => {
    const { results } = searchSite(q, 3);
    expect(
      results.map((r) => r.url),
      q,
    ).toContain(url);
  });
});

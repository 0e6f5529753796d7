import { expect, test, type Page } from "@playwright/test";

/**
 * What a first visit costs: every request the page makes until the network is quiet, with
 * an empty cache, counted by the bytes that crossed the wire (compressed bodies and headers,
 * as Chromium's network stack reports them). A text page stays under 180 KB in at most 10
 * requests, of which about 134 KB is the JavaScript every Next 16 page ships (a minimal Next
 * page loads that much in the same browser: `npx tsx bench/page-weight.ts`); the home page
 * (photos) under 300 KB. The colophon states these figures: change it when they change.
 */
const BUDGETS: { label: string; path: string; maxBytes: number; maxRequests: number }[] = [
  { label: "essay", path: "/writing/p99-is-a-feature", maxBytes: 180 * 1024, maxRequests: 10 },
  {
    label: "essay with a photograph",
    path: "/writing/classic-chrome-in-a-new-york-winter",
    maxBytes: 240 * 1024,
    maxRequests: 12,
  },
  { label: "page", path: "/about", maxBytes: 180 * 1024, maxRequests: 10 },
  { label: "garage note", path: "/garage/gaggia-classic-opv-spring-and-descale", maxBytes: 180 * 1024, maxRequests: 10 },
  { label: "home", path: "/", maxBytes: 300 * 1024, maxRequests: 20 },
];

async function firstLoad(page: Page, path: string): Promise<{ bytes: number; requests: { url: string; bytes: number }[] }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const urls = new Map<string, string>();
  const sizes = new Map<string, number>();
  cdp.on("Network.requestWillBeSent", (e) => urls.set(e.requestId, e.request.url));
  cdp.on("Network.loadingFinished", (e) => sizes.set(e.requestId, e.encodedDataLength));
  await page.goto(path, { waitUntil: "networkidle" });
  // A data: URL (the italic inside the stylesheet) crosses no network: its bytes are the stylesheet's.
  const requests = [...sizes].map(([id, bytes]) => ({ url: urls.get(id) ?? id, bytes })).filter((r) => !/^(data|blob):/.test(r.url));
  await cdp.detach();
  return { bytes: requests.reduce((n, r) => n + r.bytes, 0), requests };
}

for (const [viewport, size] of [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 900 }],
] as const) {
  for (const b of BUDGETS) {
    test(`${b.label} (${b.path}) at ${viewport} size: at most ${b.maxBytes / 1024} KB in ${b.maxRequests} requests`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport: size });
      const page = await context.newPage();
      // Whether or not it is the server's first visitor: the edge holds a page's first render
      // until it has its encodings (lib/edge/server.ts), so no visit gets it uncompressed.
      const { bytes, requests } = await firstLoad(page, b.path);
      const list = requests
        .map((r) => `${(r.bytes / 1024).toFixed(1).padStart(7)} KB  ${r.url.replace(/^https?:\/\/[^/]+/, "")}`)
        .join("\n");
      console.log(`${b.label} ${viewport}: ${(bytes / 1024).toFixed(1)} KB in ${requests.length} requests\n${list}`);
      expect(bytes, `${b.label}: ${(bytes / 1024).toFixed(1)} KB\n${list}`).toBeLessThanOrEqual(b.maxBytes);
      expect(requests.length, `${b.label}: ${requests.length} requests\n${list}`).toBeLessThanOrEqual(b.maxRequests);
      await context.close();
    });
  }
}

import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpRequest } from "./helpers/http";
import { startServer, type RunningServer } from "./helpers/server";
import { SHARED_REDIS_URL } from "./helpers/redis";
import { testPrefix } from "./helpers/redis-run";

/**
 * `next build` prerenders the pages that list the live features (the home page, /tags and the
 * tag pages, /utilities, the sitemap) with the build's own decision (lib/features); a server
 * that decides otherwise at start renders every page itself, once, and keeps it in its memory
 * (cache-handler.mjs), under `npm start` and plain `next start` alike. The suite's build is
 * made without a store, so the crawler ledger is off in it; a server given one turns it on.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const builtOff = (): string[] | undefined => {
  try {
    return JSON.parse(readFileSync(path.join(ROOT, ".site", "features.json"), "utf8")).built?.off;
  } catch {
    return undefined;
  }
};
const ledgerOffInBuild = builtOff()?.includes("ledger") === true;

const hrefs = (html: string) => new Set([...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)].map((m) => m[1]));
const sitemapPages = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
/** The ledger's own pages beyond /ledger: a utility documenting its endpoint, and a tag only its pages carry. */
const LEDGER_PAGES = ["/utilities/crawler-ledger", "/tags/analytics"];
const BROWSER = {
  accept: "text/html,application/xhtml+xml,*/*;q=0.8",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/142.0 Safari/537.36",
};

async function get(base: string, p: string, headers: Record<string, string> = {}) {
  return httpRequest(`${base}${p}`, { headers: { ...BROWSER, ...headers } });
}

/** A conditional GET with the validator the page just sent: 304, no body. */
async function revalidates(base: string, p: string): Promise<void> {
  const first = await get(base, p);
  const etag = first.headers.get("etag");
  expect(etag, `${p} ETag`).toBeTruthy();
  const again = await get(base, p, { "if-none-match": etag! });
  expect([again.status, again.text], `${p} If-None-Match`).toEqual([304, ""]);
}

describe.skipIf(!ledgerOffInBuild).each(["next start", "npm start"] as const)("the build's decision, and a server's own (%s)", (via) => {
  describe("a server deciding as the build did", () => {
    let app: RunningServer;
    beforeAll(async () => {
      app = await startServer({}, via);
    });
    afterAll(() => app?.stop());

    it("serves the build's pages, which leave the ledger out, and a 304 for the home page", async () => {
      const home = await get(app.base, "/");
      expect(app.output()).toContain("> Features:");
      expect(app.output()).not.toContain("The build decided otherwise");
      expect(home.status).toBe(200);
      expect(hrefs(home.text)).not.toContain("/ledger");
      expect(sitemapPages((await get(app.base, "/sitemap.xml")).text)).not.toContain("/ledger");
      expect(hrefs((await get(app.base, "/utilities")).text)).not.toContain("/utilities/crawler-ledger");
      // A plain GET, which under next start no proxy sees: the page renders its own 404.
      for (const p of ["/ledger", ...LEDGER_PAGES]) expect((await get(app.base, p)).status, p).toBe(404);
      await revalidates(app.base, "/");
      await revalidates(app.base, "/tags");
    });
  });

  describe("a server deciding otherwise (a store: the ledger on)", () => {
    let app: RunningServer;
    beforeAll(async () => {
      app = await startServer({ REDIS_URL: SHARED_REDIS_URL, STORE_PREFIX: testPrefix(`prerender-${via.replace(" ", "")}`) }, via);
    });
    afterAll(() => app?.stop());

    it("says so at start", async () => {
      // (next start may finish instrumentation.ts after saying it is ready; it has by its first answer.)
      await get(app.base, "/health.json");
      expect(app.output()).toMatch(
        /> The build decided otherwise \(off there: [^)]*ledger[^)]*\): every page is rendered once by this server/,
      );
    });

    it("renders the home page, /utilities, the tag pages and the sitemap with its own decision, not the build's", async () => {
      const home = await get(app.base, "/");
      expect(home.status).toBe(200);
      expect(hrefs(home.text)).toContain("/ledger");
      expect(sitemapPages((await get(app.base, "/sitemap.xml")).text)).toEqual(expect.arrayContaining(["/ledger", ...LEDGER_PAGES]));
      expect(hrefs((await get(app.base, "/utilities")).text)).toContain("/utilities/crawler-ledger");
      for (const p of ["/ledger", ...LEDGER_PAGES]) expect((await get(app.base, p)).status, p).toBe(200);
    });

    it("renders each once: the same bytes again, and a 304", async () => {
      const [a, b] = [await get(app.base, "/"), await get(app.base, "/")];
      expect(b.text).toBe(a.text);
      await revalidates(app.base, "/");
      await revalidates(app.base, "/tags/analytics");
    });
  });
});

import path from "node:path";
import { describe, expect, it } from "vitest";
import { startServer } from "./helpers/server";
import { bakedSiteUrl } from "@/lib/site/baked-url";

/**
 * Prerendered pages carry the absolute URLs of the address the build was made for. `npm
 * start` under another SITE_URL refuses to serve them, and says how to fix it, instead of
 * sending crawlers and share cards to the wrong host.
 */
// What the prerendered pages carry, read from them the way server.mjs reads it.
const baked = bakedSiteUrl(path.resolve(import.meta.dirname, "../.next"))!;

describe("SITE_URL at run time", () => {
  it("refuses a SITE_URL the build did not bake in, naming both and the fix", async () => {
    await expect(startServer({ SITE_URL: "https://elsewhere.example" })).rejects.toThrow(
      new RegExp(
        `absolute URLs for ${baked.replace(/[.:/]/g, "\\$&")}, but SITE_URL is https://elsewhere\\.example[\\s\\S]*SITE_URL=https://elsewhere\\.example npm run build`,
      ),
    );
  });

  it("refuses a SITE_URL that is not an origin, before it serves anything", async () => {
    for (const bad of [`${baked}/blog`, new URL(baked).host])
      await expect(startServer({ SITE_URL: bad })).rejects.toThrow(/SITE_URL is .*: it must be the site's address, scheme and host only/);
  });

  it("serves when SITE_URL is the baked address, and every absolute URL of a page uses it", async () => {
    const app = await startServer({ SITE_URL: baked });
    try {
      const html = await (await fetch(`${app.base}/writing/markdown-twins`)).text();
      const hosts = new Set([...html.matchAll(/(?:href|content|"url"|"@id")[=:]\s*"(https?:\/\/[^/"]+)/g)].map((m) => m[1]));
      expect([...hosts].filter((h) => h !== baked && !/schema\.org|github\.com|mastodon/.test(h))).toEqual([]);
      const sitemap = await (await fetch(`${app.base}/sitemap.xml`)).text();
      expect([...sitemap.matchAll(/<loc>(https?:\/\/[^/<]+)/g)].every((m) => m[1] === baked)).toBe(true);
    } finally {
      await app.stop();
    }
  });

  it("without SITE_URL, on another port, every page names the build's address and the start-up log says so", async () => {
    const app = await startServer({});
    try {
      expect(new URL(app.base).port).not.toBe(new URL(baked).port);
      expect(app.output()).toContain(`SITE_URL is not set: pages name ${baked}`);
      // Prerendered pages (an essay, the home page) and pages rendered per request (lens, search) alike.
      for (const page of ["/writing/markdown-twins", "/", "/lens", "/search?q=espresso"]) {
        const html = await (await fetch(`${app.base}${page}`)).text();
        const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
        expect(canonical, page).toBeDefined();
        expect(new URL(canonical!).origin, page).toBe(baked);
        const og = /<meta property="og:url" content="([^"]+)"/.exec(html)?.[1];
        if (og) expect(new URL(og).origin, page).toBe(baked);
      }
    } finally {
      await app.stop();
    }
  });
});

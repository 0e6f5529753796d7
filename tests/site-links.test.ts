import path from "node:path";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { appUnderTest } from "./helpers/app";
import { httpRequest } from "./helpers/http";
import { call } from "./helpers/openapi";
import { bakedSiteUrl } from "@/lib/site/baked-url";

/**
 * Every link a visitor can follow on the built site leads somewhere: each page of the
 * sitemap is read, and each same-site link on it is followed, to a page that answers 200
 * and, when the link names a fragment, holds an element with that id (a link to
 * /developers#lens that lands at the top of a long page is as broken as a 404).
 */

const app = appUnderTest();

/** The `href`s of a page's anchors, without the page's own in-page links to itself (checked against the page below). */
const hrefs = (html: string) => [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
const ids = (html: string) => new Set([...html.matchAll(/\s(?:id|name)="([^"]*)"/g)].map((m) => m[1]));

/**
 * A page's link to its own API on a deployment without the service behind it (no store, no
 * calendar, no crawl yet: this suite's app has none) lands on the endpoint's own 5xx in the
 * Error shape, with the code and hint that say why; that is the endpoint answering, not a broken link.
 */
function explainsItself({ status, text }: { status: number; text: string }): boolean {
  if (status < 500) return false;
  try {
    const body = JSON.parse(text) as { code?: string; hint?: string };
    return ["not_configured", "pending", "internal_error"].includes(body.code ?? "") && Boolean(body.hint);
  } catch {
    return false;
  }
}

describe("links on the site's pages", () => {
  it("each same-site link answers 200, and its fragment names an element of the page it lands on", async () => {
    const base = app.server.base;
    const sitemap = (await httpRequest(`${base}/sitemap.xml`)).text;
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    expect(pages.length).toBeGreaterThan(50);

    const html = new Map<string, Promise<{ status: number; text: string }>>();
    const read = (path: string) => {
      let got = html.get(path);
      if (!got) html.set(path, (got = httpRequest(`${base}${path}`, { headers: { accept: "text/html" } })));
      return got;
    };
    const broken: string[] = [];
    for (const page of pages) {
      const { status, text } = await read(page);
      expect(status, page).toBe(200);
      for (const href of new Set(hrefs(text))) {
        const url = new URL(href, `${base}${page}`);
        if (url.origin !== base) continue;
        const target = await read(`${url.pathname}${url.search}`);
        if (target.status !== 200 && !explainsItself(target)) broken.push(`${page} → ${href}: ${target.status}`);
        else if (url.hash && !ids(target.text).has(decodeURIComponent(url.hash.slice(1))))
          broken.push(`${page} → ${href}: no element with id ${url.hash}`);
      }
    }
    expect(broken).toEqual([]);
    expect(html.size).toBeGreaterThan(pages.length);
  });
});

describe("links in the Markdown twins", () => {
  it("are absolute, as a twin read away from the site needs, and lead to something that exists", async () => {
    const base = app.server.base;
    const sitemap = (await httpRequest(`${base}/sitemap.xml`)).text;
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    type Node = { type: string; url?: string; children?: Node[] };
    const relative: string[] = [];
    const targets = new Set<string>();
    // A twin read draws on the read budget like the API: spread over addresses, as many readers would be (the tag pages make ~200).
    const from = (i: number) => `127.0.${90 + Math.floor(i / 50)}.${(i % 50) + 1}`;
    for (const [i, page] of pages.entries()) {
      const twin = await httpRequest(`${base}${page}`, { headers: { accept: "text/markdown" }, localAddress: from(i) });
      expect(twin.status, page).toBe(200);
      const walk = (n: Node) => {
        if ((n.type === "link" || n.type === "image" || n.type === "definition") && n.url) {
          if (!/^(https?:|mailto:|#)/.test(n.url)) relative.push(`${page}.md: ${n.url}`);
          else if (n.url.startsWith(`${base}/`)) targets.add(new URL(n.url).pathname);
        }
        n.children?.forEach(walk);
      };
      walk(unified().use(remarkParse).use(remarkGfm).parse(twin.text) as Node);
    }
    expect(relative).toEqual([]);
    expect(targets.size).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const [i, path] of [...targets].entries()) {
      const r = await httpRequest(`${base}${path}`, { localAddress: from(i + pages.length) });
      // A twin names endpoints too (/search.json, /mcp): called bare, they answer 400 or 405 in the Error shape.
      if (r.status === 404 || (r.status >= 500 && !explainsItself(r))) missing.push(`${path}: ${r.status}`);
    }
    expect(missing).toEqual([]);
  });
});

describe("addresses in the pages' examples", () => {
  it("each curl example calls this site: pages name their canonical address, twins the request's, and the call answers", async () => {
    const base = app.server.base;
    const baked = bakedSiteUrl(path.resolve(import.meta.dirname, "../.next"))!;
    const sitemap = (await httpRequest(`${base}/sitemap.xml`)).text;
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    /** The first URL each `curl` command line names (the one it calls), in the page's code elements or the twin's lines. */
    const curled = (text: string) => [...text.matchAll(/^\s*(?:\$\s*)?curl\b[^\n]*?(https?:\/\/[^\s'"<>]+)/gm)].map((m) => new URL(m[1]));
    const code = (html: string) =>
      [...html.matchAll(/<code\b[^>]*>([\s\S]*?)<\/code>/g)]
        .map((m) =>
          m[1]
            .replace(/&quot;/g, '"')
            .replace(/&#x27;|&#39;/g, "'")
            .replace(/&#x26;|&amp;/g, "&"),
        )
        .join("\n");
    const wrong: string[] = [];
    const calls = new Set<string>();
    for (const page of pages) {
      const html = (await httpRequest(`${base}${page}`, { headers: { accept: "text/html" } })).text;
      const twin = (await httpRequest(`${base}${page}`, { headers: { accept: "text/markdown" }, localAddress: "127.0.0.5" })).text;
      // A prerendered page can only name the address it was built for; one rendered per request (the developer guide) names the one it was asked at.
      for (const [text, origins, kind] of [
        [code(html), [baked, base], "page"],
        [twin, [base], "twin"],
      ] as const) {
        // As written, or as the HTML renderer percent-encodes it in a link's address.
        if (/\{\{base\}\}|%7B%7Bbase%7D%7D/i.test(text)) wrong.push(`${page} (${kind}): an unfilled {{base}}`);
        for (const url of curled(text)) {
          if (!origins.includes(url.origin)) wrong.push(`${page} (${kind}): curl ${url.href}`);
          else calls.add(`${url.pathname}${url.search}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(calls.size).toBeGreaterThanOrEqual(10);
    const failing: string[] = [];
    // Calls that would have the site fetch another host (lens's url, left, right) are not made: tests reach loopback only.
    for (const example of [...calls].filter((c) => !/[?&](url|left|right)=/.test(c))) {
      const r = await call(app.contract, base, example, { localAddress: "127.0.0.6" });
      // Called bare, an example that posts a body answers 400 in the Error shape; it exists.
      if (r.status === 404 || (r.status >= 500 && !explainsItself(r))) failing.push(`${example}: ${r.status}`);
    }
    expect(failing).toEqual([]);
    // Search reads the same bodies without the address: a snippet shows the path.
    const found = await call(app.contract, base, "/search.json?q=curl&limit=50", { localAddress: "127.0.0.7" });
    expect((found.body as { returned: number }).returned).toBeGreaterThan(5);
    expect(found.text).not.toContain("{{base}}");
  });
});

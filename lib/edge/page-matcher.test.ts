import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import { config as proxyConfig } from "@/proxy";
import { AI_CRAWLERS } from "@/lib/crawlers/table";
import { crawlerOf } from "@/lib/crawlers";
import { PAGES, PAGE_PATHS, mdPathOf } from "@/lib/site/pages";
import { loadPageIndex } from "@/lib/site/page-index";
import { prerenderedPages } from "./next-build";
import { CRAWLER_AGENT, MARKDOWN_ACCEPT, PROXIED_PAGES, PROXY_PAGE_CONDITIONS, pageHeaderRules } from "./page-matcher";
import { QUERY_REWRITES, QUERY_PAGES } from "./query-pages";

const ROOT = path.resolve(import.meta.dirname, "../..");
const runs = (url: string, headers: Record<string, string> = {}) => unstable_doesMiddlewareMatch({ config: proxyConfig, url, headers });
const BROWSERS = [
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "curl/8.5.0",
];

describe("which page requests run proxy.ts", () => {
  it("writes out the values of page-matcher.ts (Next reads the matcher statically)", () => {
    const has = (m: (typeof proxyConfig.matcher)[number]) => ("has" in m ? (m.has ?? []) : []);
    const conditional = proxyConfig.matcher.filter((m) => has(m).some((h) => h.key !== "access-control-request-method"));
    expect(conditional.map(has)).toEqual(PROXY_PAGE_CONDITIONS.map((c) => [c]));
    expect(proxyConfig.matcher[0].source).toBe(`/((?:${PROXIED_PAGES.map((p) => p.slice(1)).join("|")})(?!\\.json))`);
  });

  it("catches every crawler the ledger counts, in any case, and no common browser", () => {
    const pattern = new RegExp(`^${CRAWLER_AGENT}$`);
    for (const { token } of AI_CRAWLERS.filter((c) => !c.robotsOnly))
      for (const ua of [
        `${token}/1.0`,
        `Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ${token}/1.2; +https://example.com)`,
      ]) {
        expect(crawlerOf(ua), ua).toBeDefined();
        expect(pattern.test(ua) && pattern.test(ua.toLowerCase()) && pattern.test(ua.toUpperCase()), ua).toBe(true);
        expect(runs("/about", { "user-agent": ua }), ua).toBe(true);
      }
    for (const ua of BROWSERS) expect(runs("/about", { "user-agent": ua }), ua).toBe(false);
  });

  it("a plain GET of a page skips it; Markdown in Accept, a body, a twin path, the proxied pages do not", () => {
    const pages = ["/", "/about", "/writing/some-post", "/photos/some-photo", "/tags", "/tags/music", "/utilities/coffee"];
    for (const p of pages) {
      expect(runs(p, { accept: "text/html,application/xhtml+xml,*/*;q=0.8" }), p).toBe(false);
      expect(runs(p, { rsc: "1" }), p).toBe(false);
      for (const accept of ["text/markdown", "Text/Markdown;q=0.9, text/html;q=0.8", "text/x-markdown"])
        expect(new RegExp(`^${MARKDOWN_ACCEPT}$`).test(accept) && runs(p, { accept }), `${p} ${accept}`).toBe(true);
      expect(runs(p, { "content-length": "2" }), p).toBe(true);
      expect(runs(p, { "transfer-encoding": "chunked" }), p).toBe(true);
      expect(runs(mdPathOf(p)), mdPathOf(p)).toBe(true);
    }
    for (const p of PROXIED_PAGES) {
      expect(runs(p), p).toBe(true);
      // (Next lets each matcher end in `.json`: /search.json is the API, not the page.)
      expect(runs(`${p}.json`), `${p}.json`).toBe(false);
    }
  });

  it("runs for every declared page of a live feature (its own 404 while off)", () => {
    for (const p of PAGE_PATHS.filter((p) => "feature" in PAGES[p] && PAGES[p].feature)) expect(PROXIED_PAGES, p).toContain(p);
  });

  it.skipIf(!existsSync(path.join(ROOT, ".next", "prerender-manifest.json")))(
    "every page of the build is prerendered, or one the proxy runs for",
    () => {
      const prerendered = prerenderedPages(path.join(ROOT, ".next"));
      const proxied = new Set<string>(PROXIED_PAGES);
      const pages = [...loadPageIndex(path.join(ROOT, ".site")).pages];
      expect(pages.length).toBeGreaterThan(20);
      expect(pages.filter((p) => !prerendered.has(p) && !proxied.has(p))).toEqual([]);
    },
  );
});

describe("the headers next.config.ts gives the pages proxy.ts does not see", () => {
  const rules = pageHeaderRules(
    ["/", "/about", "/writing/a-b", "/developers", "/tags/c-d", "/lens", "/lens/compare", "/search"],
    { home: "<home>", cacheControl: "cc" },
    QUERY_PAGES,
  );
  /** Applies the rules as Next's router does (path-to-regexp, then has/missing; a query's empty value is no value). */
  function headersFor(url: string, headers: Record<string, string> = {}): Record<string, string> {
    const { pathname, searchParams } = new URL(url, "http://x");
    const out: Record<string, string> = {};
    for (const rule of rules) {
      const params = getPathMatch(rule.source, { strict: true, removeUnnamedParams: true, regexModifier: (r) => r })(pathname);
      if (!params) continue;
      const present = (m: (typeof rule.missing)[number]) =>
        m.type === "query" ? !!searchParams.get(m.key) : m.key in headers && (!m.value || new RegExp(`^${m.value}$`).test(headers[m.key]));
      if (rule.missing.some(present)) continue;
      for (const h of rule.headers) out[h.key] = h.value.replace(":page", String((params as Record<string, string>).page));
    }
    return out;
  }

  it("each page's Link to its twin, Vary: Accept, and the shared Cache-Control (not on an RSC request)", () => {
    expect(headersFor("/")).toEqual({ Link: "<home>", Vary: "Accept", "Cache-Control": "cc" });
    expect(headersFor("/writing/a-b")).toEqual({
      Link: '</writing/a-b.md>; rel="alternate"; type="text/markdown"',
      Vary: "Accept",
      "Cache-Control": "cc",
    });
    expect(headersFor("/about", { rsc: "1" })).toEqual({ Link: '</about.md>; rel="alternate"; type="text/markdown"', Vary: "Accept" });
  });

  it("nothing on a path that is no page, a proxied page, or a request the proxy sees", () => {
    for (const p of ["/nope", "/about/x", "/writing", "/developers", "/aboutx", "/about.json"]) expect(headersFor(p), p).toEqual({});
    expect(headersFor("/about", { accept: "text/markdown" })).toEqual({});
    expect(headersFor("/about", { "user-agent": "GPTBot/1.2" })).toEqual({});
    expect(headersFor("/about", { "content-length": "0" })).toEqual({});
  });

  it("a form is shared-cacheable, not once it has a query to answer (rendered per request for it)", () => {
    const link = (p: string) => `<${p}.md>; rel="alternate"; type="text/markdown"`;
    for (const [url, page] of [
      ["/lens", "/lens"],
      ["/lens?url=", "/lens"],
      ["/lens?utm=x", "/lens"],
      ["/lens/compare", "/lens/compare"],
      ["/search", "/search"],
    ])
      expect(headersFor(url), url).toEqual({ Link: link(page), Vary: "Accept", "Cache-Control": "cc" });
    for (const [url, page] of [
      ["/lens?url=example.org", "/lens"],
      ["/lens/compare?left=a.org", "/lens/compare"],
      ["/lens/compare?right=b.org", "/lens/compare"],
      ["/lens/compare?left=a.org&right=b.org", "/lens/compare"],
      ["/search?q=espresso", "/search"],
    ])
      expect(headersFor(url), url).toEqual({ Link: link(page), Vary: "Accept" });
  });
});

describe("the forms' query rewrites", () => {
  it("send exactly the queries the header rules keep private", () => {
    for (const r of QUERY_REWRITES) expect(QUERY_PAGES.get(r.source)).toEqual(expect.arrayContaining(r.has.map((h) => h.key)));
    expect([...QUERY_PAGES.keys()].sort()).toEqual(["/lens", "/lens/compare", "/photos", "/search"]);
    for (const p of QUERY_PAGES.keys()) expect(PROXIED_PAGES, p).not.toContain(p);
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import * as cheerio from "cheerio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENV_NAMES } from "@/lib/env";
import { FEATURE_NAMES, type FeatureName } from "@/lib/features";
import { PAGES } from "@/lib/site/pages";
import { allTools } from "@/lib/surface/endpoints";
import type { Corpus } from "@/lib/content/types";
import { appUnderTest, appWithUpstreams } from "./helpers/app";
import { buildWithFeatures, featurePages } from "./helpers/feature-build";
import { httpRequest } from "./helpers/http";
import { connectMcp } from "./helpers/mcp";
import { Contract, call, type ApiResult } from "./helpers/openapi";
import { startServer, type RunningServer } from "./helpers/server";
import { icsWithMeeting, startCalendarFeed, type CalendarFeed } from "./helpers/calendar-feed";
import { testPrefix } from "./helpers/redis-run";

/**
 * The live features (lib/features) as a visitor, a crawler and an agent meet them, from one
 * build started two ways: as a fresh clone (no store, no accounts, no jobs: every feature
 * off) and fully configured (loopback upstreams, the real Redis, jobs on: every feature on).
 * Off, a feature is absent: its pages and twins are the site's 404, and the home page, the
 * sitemap, llms.txt, search, /ask, the 404's suggestions and MCP's tool list leave it out,
 * while its API stays documented and answers what /openapi.json documents for a site without it. On,
 * it is back in every one of them. Then `true` and `false` in site.config.ts.
 */

const root = path.resolve(import.meta.dirname, "..");
const GATED = featurePages();
const corpus = JSON.parse(readFileSync(path.join(root, ".site", "corpus.json"), "utf8")) as Corpus;
/** A page's title, as search and /ask know it: a declared page's, a content page's, a tag page's. */
const titleOf = (page: string) => {
  const title =
    (PAGES as Record<string, { title?: string }>)[page]?.title ??
    [...corpus.docs, ...(corpus.standing ?? [])].find((d) => d.url === page)?.title;
  if (!title) throw new Error(`${page} belongs to a feature (paths.json) but neither pages.ts nor corpus.json gives its title`);
  return title;
};
const isTagPage = (page: string) => (corpus.standing ?? []).some((d) => d.url === page && d.listing === "tag");
const pagesOf = (f: FeatureName) => Object.keys(GATED).filter((p) => GATED[p] === f);
const toolsOf = (f: FeatureName) => allTools().flatMap((t) => (t.endpoint.feature?.name === f ? [t.name] : []));

/** Text a visitor could read that asks them to set something up: a variable the site reads, an npm command, "this deployment". */
const SETUP_TEXT = new RegExp(`\\b(?:${ENV_NAMES.join("|")})\\b|\\bnpm (?:run|start|ci|exec|install|test)\\b|\\bnpx\\b|this deployment`);

/** What a reader sees of an HTML page: its text and the text-bearing attributes, without scripts. */
function visibleText(html: string): string {
  const $ = cheerio.load(html);
  $("script, style, noscript, template").remove();
  const attrs = $("[title], [alt], [aria-label], meta[name=description]")
    .map((_, e) => [$(e).attr("title"), $(e).attr("alt"), $(e).attr("aria-label"), $(e).attr("content")].filter(Boolean).join(" "))
    .get();
  return `${$("body").text()} ${attrs.join(" ")}`;
}

const sitemapPages = async (base: string) =>
  [...(await httpRequest(`${base}/sitemap.xml`)).text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
const hrefs = (html: string) => new Set([...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, "&")));
const mdPath = (page: string) => (page === "/" ? "/index.md" : `${page}.md`);

/** Every line of setup text on every page of the sitemap and its twin, and on the pages given, as `page: match`. */
async function setupTextOn(base: string, extra: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const page of new Set([...(await sitemapPages(base)), ...extra])) {
    const html = await httpRequest(`${base}${page}`, { headers: { accept: "text/html" } });
    const twin = await httpRequest(`${base}${mdPath(page)}`, { localAddress: "127.0.0.31" });
    for (const [what, text] of [
      [page, visibleText(html.text)],
      [mdPath(page), twin.text],
    ])
      for (const m of text.matchAll(new RegExp(SETUP_TEXT, "g"))) found.push(`${what}: ${m[0]}`);
  }
  return found;
}

/** The results /search.json and /ask give for a question, as URLs (paths). */
async function answers(contract: Contract, base: string, q: string): Promise<{ search: string[]; ask: string[] }> {
  const path = (u: string) => new URL(u, base).pathname;
  const s = await call(contract, base, `/search.json?q=${encodeURIComponent(q)}&limit=50`, { localAddress: "127.0.0.32" });
  const a = await call(contract, base, `/ask?query=${encodeURIComponent(q)}&streaming=0&top_k=50`, { localAddress: "127.0.0.33" });
  expect(s.status, q).toBe(200);
  expect(a.status, q).toBe(200);
  return {
    search: (s.body as { results: { url: string }[] }).results.map((r) => path(r.url)),
    ask: (a.body as { results: { url: string }[] }).results.map((r) => path(r.url)),
  };
}

async function listedTools(base: string, from: string): Promise<string[]> {
  const client = await connectMcp(base, "auto", from);
  try {
    return (await client.listTools()).tools.map((t) => t.name);
  } finally {
    await client.close();
  }
}

/** What each feature's API answers on a site without it (each endpoint's documented errors), checked against /openapi.json by call(). */
const OFF_ANSWERS: Record<FeatureName, { path: string; check: (r: ApiResult) => void }[]> = {
  // Without a store, storage is not configured: 500 (with a store but no music account, 503 no_playlist: music-http.test.ts).
  nowPlaying: [
    { path: "/rn/tracks", check: (r) => expect([r.status, r.body]).toMatchObject([500, { code: "internal_error", tracks: [] }]) },
  ],
  coffee: [
    {
      path: "/coffee/availability.json",
      check: (r) => expect([r.status, r.body]).toMatchObject([503, { code: "not_configured", slots: [], reason: "unconfigured" }]),
    },
  ],
  ledger: [{ path: "/ledger.json", check: (r) => expect([r.status, r.body]).toMatchObject([503, { code: "not_configured", days: [] }]) }],
  around: [
    {
      path: "/around/json",
      check: (r) => expect([r.status, r.body]).toMatchObject([503, { code: "pending", nextCrawlAt: null, pending: true }]),
    },
    { path: "/around/changes.json", check: (r) => expect([r.status, r.body]).toMatchObject([200, { returned: 0, changes: [] }]) },
  ],
  census: [
    {
      path: "/lens/census.json",
      check: (r) => expect([r.status, r.body]).toMatchObject([200, { ok: true, weeks: [], scheduled: false, nextRunAt: null }]),
    },
  ],
};

describe("a fresh clone: no store, no accounts, no jobs", () => {
  const app = appUnderTest();

  it("says once, at start, that every feature is off and what each needs", () => {
    const log = app.server.output();
    expect(log.match(/> Features:/g)).toHaveLength(1);
    for (const f of ["Now playing", "Coffee slots", "AI-crawler ledger", "Around", "Lens census"])
      expect(log).toMatch(new RegExp(`off {2}${f}[^\\n]*: auto, needs `));
  });

  it.each(FEATURE_NAMES)("%s: every page and twin of it is the site's 404, in the asked format", async (feature) => {
    expect(pagesOf(feature).length).toBeGreaterThan(1);
    for (const page of pagesOf(feature)) {
      const html = await call(app.contract, app.server.base, page, { headers: { accept: "text/html" } });
      expect(html.status, page).toBe(404);
      expect(html.text, page).toContain("Nothing lives at this address");
      const twin = await call(app.contract, app.server.base, mdPath(page), { localAddress: "127.0.0.34" });
      expect(twin.status, mdPath(page)).toBe(404);
      const asMarkdown = await call(app.contract, app.server.base, page, {
        headers: { accept: "text/markdown" },
        localAddress: "127.0.0.34",
      });
      expect(asMarkdown.status, page).toBe(404);
      expect(asMarkdown.headers.get("content-type")).toMatch(/^text\/markdown/);
      const json = await call(app.contract, app.server.base, page, { headers: { accept: "application/json" }, localAddress: "127.0.0.34" });
      expect([json.status, json.body]).toMatchObject([404, { code: "not_found" }]);
      // Nor is it a page the 404 suggests for a near miss.
      expect((json.body as { suggestions: string[] }).suggestions.map((s) => new URL(s).pathname)).not.toContain(page);
      expect(
        (await call(app.contract, app.server.base, `${page}x`, { headers: { accept: "application/json" }, localAddress: "127.0.0.34" }))
          .body,
      ).not.toMatchObject({ suggestions: expect.arrayContaining([`${app.server.base}${page}`]) });
    }
  });

  it.each(FEATURE_NAMES)("%s: the 404 suggests none of its API paths for a near miss (it answers 503 here)", async (feature) => {
    for (const { path: p } of OFF_ANSWERS[feature])
      for (const miss of [p.slice(0, -1), `${p}x`, p.replace(/\.json$/, "")].filter((m) => m !== p)) {
        const r = await call(app.contract, app.server.base, miss, { headers: { accept: "application/json" }, localAddress: "127.0.0.41" });
        expect(r.status, miss).toBe(404);
        const suggested = (r.body as { suggestions: string[] }).suggestions.map((s) => new URL(s).pathname);
        expect(suggested, `${miss} suggests ${p}`).not.toContain(p);
        for (const page of pagesOf(feature)) expect(suggested, `${miss} suggests ${page}`).not.toContain(page);
      }
  });

  it("is in no list a visitor or crawler reads: home page, menu, footer, the utilities index, sitemap, llms.txt, llms-full.txt", async () => {
    const base = app.server.base;
    const gated = Object.keys(GATED);
    const home = (await httpRequest(`${base}/`)).text;
    expect(home).toContain("For machines");
    for (const [where, text] of [
      ["home page", [...hrefs(home)].join(" ")],
      ["utilities index", [...hrefs((await httpRequest(`${base}/utilities`)).text)].join(" ")],
      ["lens", [...hrefs((await httpRequest(`${base}/lens`)).text)].join(" ")],
      ["/index.md", (await httpRequest(`${base}/index.md`)).text],
      ["/utilities.md", (await httpRequest(`${base}/utilities.md`)).text],
      ["llms.txt", (await httpRequest(`${base}/llms.txt`)).text],
      ["llms-full.txt", (await httpRequest(`${base}/llms-full.txt`)).text],
    ] as const)
      // The page or its twin, not its API (/ledger.json, /around/json stay).
      for (const page of gated) expect(text, `${where} names ${page}`).not.toMatch(new RegExp(`${page}(\\.md)?(?![\\w/-]|\\.[a-z])`));
    expect(await sitemapPages(base)).not.toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^(${gated.join("|")})$`))]));
    for (const page of gated) expect(await sitemapPages(base)).not.toContain(page);
    const $ = cheerio.load(home);
    const chrome = $("header a, footer a")
      .map((_, a) => $(a).attr("href"))
      .get();
    expect(chrome.length).toBeGreaterThan(5);
    expect(chrome.filter((h) => gated.includes(h))).toEqual([]);
  });

  it("is found by neither search nor /ask, asked for by its own titles", async () => {
    const gated = Object.keys(GATED);
    for (const page of gated) {
      const { search, ask } = await answers(app.contract, app.server.base, titleOf(page));
      expect(
        search.filter((p) => gated.includes(p)),
        `search "${titleOf(page)}"`,
      ).toEqual([]);
      expect(
        ask.filter((p) => gated.includes(p)),
        `ask "${titleOf(page)}"`,
      ).toEqual([]);
    }
  });

  it("keeps its API documented in /openapi.json, answering what it documents for a site without it", async () => {
    const paths = Object.keys(app.contract.doc.paths as object);
    for (const feature of FEATURE_NAMES)
      for (const { path: p, check } of OFF_ANSWERS[feature]) {
        expect(paths, p).toContain(p);
        check(await call(app.contract, app.server.base, p, { localAddress: "127.0.0.35" }));
      }
  });

  it("offers none of its MCP tools (the official client's tools/list)", async () => {
    const listed = await listedTools(app.server.base, "127.0.0.36");
    expect(listed).toContain("searchSite");
    for (const feature of FEATURE_NAMES) {
      expect(toolsOf(feature).length, feature).toBeGreaterThan(0);
      for (const tool of toolsOf(feature)) expect(listed, tool).not.toContain(tool);
    }
  });

  it("shows no setup text on any page or twin: no variable the site reads, no npm command, no 'this deployment'", async () => {
    expect(await setupTextOn(app.server.base, ["/no-such-page", ...Object.keys(GATED)])).toEqual([]);
  }, 300_000);
});

describe("under next start (proxy.ts, no server.mjs), as on a platform", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({}, "next start");
  });
  afterAll(() => server?.stop());

  it("decides at start too, and answers the pages and twins of an off feature with the site's 404", async () => {
    for (const page of Object.keys(GATED)) {
      expect((await httpRequest(`${server.base}${page}`, { headers: { accept: "text/html" } })).status, page).toBe(404);
      expect((await httpRequest(`${server.base}${mdPath(page)}`, { localAddress: "127.0.0.40" })).status, mdPath(page)).toBe(404);
    }
    expect(await sitemapPages(server.base)).not.toContain("/coffee");
    // (next start runs instrumentation.ts as it prepares, which it may finish after saying it is ready.)
    expect(server.output().match(/> Features:/g)).toHaveLength(1);
  });
});

describe("every feature configured: loopback music service and calendar, the real Redis, jobs on", () => {
  const app = appWithUpstreams();

  it("says once, at start, that every feature is on", () => {
    expect(app.server.output().match(/> Features:/g)).toHaveLength(1);
    expect(app.server.output().match(/^ {2}on {3}.+: auto, what it needs is configured$/gm)).toHaveLength(FEATURE_NAMES.length);
  });

  it.each(FEATURE_NAMES)("%s: its pages and twins answer, and the home page, sitemap and llms.txt list them", async (feature) => {
    const base = app.server.base;
    const home = hrefs((await httpRequest(`${base}/`)).text);
    const sitemap = await sitemapPages(base);
    const llms = (await httpRequest(`${base}/llms.txt`)).text;
    for (const page of pagesOf(feature)) {
      expect((await httpRequest(`${base}${page}`, { headers: { accept: "text/html" } })).status, page).toBe(200);
      const twin = await httpRequest(`${base}${mdPath(page)}`, { localAddress: "127.0.0.37" });
      expect([twin.status, twin.headers.get("content-type")], mdPath(page)).toEqual([200, "text/markdown; charset=utf-8"]);
      expect(sitemap, page).toContain(page);
      // A visitor reaches it from the home page, or from the page above it (the utilities index, /lens).
      const parent = page.replace(/\/[^/]+$/, "");
      if (page.startsWith("/utilities/")) expect(llms, page).toContain(`${base}${page}.md`);
      if (parent) expect(hrefs((await httpRequest(`${base}${parent}`)).text), `${parent} links ${page}`).toContain(page);
      else expect(home, page).toContain(page);
    }
  });

  it("is found by search by its titles, and by /ask", async () => {
    for (const page of Object.keys(GATED)) {
      const { search, ask } = await answers(app.contract, app.server.base, titleOf(page));
      expect(search, `search "${titleOf(page)}"`).toContain(page);
      // /ask answers with the pages a tag page lists, never the list itself (lib/ask/catalog.ts).
      if (!isTagPage(page)) expect(ask, `ask "${titleOf(page)}"`).toContain(page);
    }
  });

  it("offers its MCP tools", async () => {
    const listed = await listedTools(app.server.base, "127.0.0.38");
    for (const feature of FEATURE_NAMES) for (const tool of toolsOf(feature)) expect(listed, tool).toContain(tool);
  });

  it("shows no setup text on any page or twin, the live ones included", async () => {
    expect(await setupTextOn(app.server.base, [])).toEqual([]);
  }, 300_000);
});

describe("site.config.ts features: true and false", () => {
  const started: { server: RunningServer; remove: () => void }[] = [];
  afterAll(async () => {
    for (const s of started) {
      await s.server.stop();
      s.remove();
    }
  });
  const start = async (features: Parameters<typeof buildWithFeatures>[0], env: Record<string, string>) => {
    const build = buildWithFeatures(features);
    try {
      const server = await startServer({ ...env, SITE_DATA_DIR: build.dir });
      started.push({ server, remove: build.remove });
      return { server, contract: await Contract.load(server.base) };
    } catch (err) {
      build.remove();
      throw err;
    }
  };

  let feed: CalendarFeed;
  beforeAll(async () => {
    feed = await startCalendarFeed(() => icsWithMeeting(new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)));
  });
  afterAll(() => feed?.close());

  it("false turns a configured feature off everywhere: its pages, its API, its tool", async () => {
    const { server, contract } = await start({ coffee: false }, { COFFEE_ICS_URL: feed.url });
    expect(server.output()).toMatch(/off {2}Coffee slots \(\/coffee\): turned off in site\.config\.ts/);
    for (const page of pagesOf("coffee")) expect((await httpRequest(`${server.base}${page}`)).status, page).toBe(404);
    OFF_ANSWERS.coffee[0].check(await call(contract, server.base, "/coffee/availability.json"));
    expect(await listedTools(server.base, "127.0.0.39")).not.toContain("getCoffeeAvailability");
    expect(await sitemapPages(server.base)).not.toContain("/coffee");
  });

  it("true without what it needs stops the server with one line naming the setting", async () => {
    const build = buildWithFeatures({ ledger: true });
    try {
      const err = await startServer({ SITE_DATA_DIR: build.dir }).then(
        async (s) => {
          await s.stop();
          return new Error("the server started");
        },
        (e: Error) => e,
      );
      const refusal = err.message.split("\n").filter((l) => l.includes("features.ledger"));
      expect(refusal).toHaveLength(1);
      expect(refusal[0]).toMatch(/site\.config\.ts: features\.ledger is true, but .* needs a shared store \(REDIS_URL/);
      expect(err.message).toMatch(/server exited early \(1\)/);
    } finally {
      build.remove();
    }
  });

  it("true with jobs off but a shared store is on: the owner runs `npm run job` by hand", async () => {
    const { server } = await start({ around: true }, { REDIS_URL: "redis://127.0.0.1:6379", STORE_PREFIX: testPrefix("features-hand") });
    expect(server.output()).toMatch(
      /on {3}Around[^\n]*turned on in site\.config\.ts, with a shared store for npm run job to fill instead of scheduled jobs/,
    );
    expect((await httpRequest(`${server.base}/around`)).status).toBe(200);
    expect(await sitemapPages(server.base)).toContain("/around");
  });
});

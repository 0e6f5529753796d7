import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as cheerio from "cheerio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runInCopy } from "./helpers/run-script";
import { Contract, call } from "./helpers/openapi";
import { startServer, type RunningServer } from "./helpers/server";

/**
 * docs/adding-a-page-kind.md, followed in a temporary copy of the project: its one code block
 * (the declaration: no route file, no site.config.ts entry) is taken from the document
 * itself, two talks written, and the content built (`buildSite`, what `npm run build:content`
 * runs, over the fixture corpus so the /ask model trains in seconds). First what the build
 * wrote: the index and entry twins, the corpus's kind, the search (run against the built
 * index), the page index the sitemap is made from (the sitemap route itself is called), the
 * Atom and JSON feeds, the tag page's words, the declared page and its head; then the type
 * checker and the app/-against-pages and no-hand-written-list tests in the copy. With
 * PAGE_KIND_HTTP=1, then the rest of `npm run build` (the edge and `next build`, Next's
 * compile cache copied in) and the copy served by `npm start`: the collection as a visitor and
 * a client see it over HTTP, its menu link on every page, its pages answered like the
 * writing's, its 404s the site's. Off by default for its cost (about 4 minutes more on two
 * loaded cores, 6 in all); run it after changing how collections are routed or linked.
 */
const root = path.resolve(import.meta.dirname, "..");
/** Whether the copy is also built with Next and served (below). */
const HTTP = process.env.PAGE_KIND_HTTP === "1";
const DOC = readFileSync(path.join(root, "docs/adding-a-page-kind.md"), "utf8");
const blocks = [...DOC.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);

const TALK = (slug: string, date: string, title: string) =>
  [
    "---",
    `title: "${title}"`,
    `description: "A talk about keeping a personal site readable by people and machines alike, given in ${date.slice(0, 4)}."`,
    `date: ${date}`,
    "tags: [agents]",
    "---",
    "",
    "## Slides",
    "",
    `The slides of ${slug}: twins, feeds and a search index, all from one declaration of a collection.`,
    "",
  ].join("\n");

interface Report {
  twins: Record<string, string>;
  kinds: Record<string, string>;
  paths: { pages: string[] };
  search: { url: string; kind: string }[];
  label: string;
  sitemap: string[];
  atom: string;
  json: string;
  tags: string;
  page: { title: string; description: string; aliases: string[]; twin: string };
  head: { canonical?: string; markdown?: string };
}

describe("a new kind of page, added by following docs/adding-a-page-kind.md", () => {
  let dir: string;
  let report: Report;
  let app: RunningServer | undefined;
  let contract: Contract;

  beforeAll(async () => {
    expect(blocks.length, "the document's ts blocks: the declaration alone").toBe(1);
    dir = copyProject();
    const edit = (file: string, from: string, to: string) => {
      const p = path.join(dir, file);
      const text = readFileSync(p, "utf8");
      expect(text, `${file} has ${from}`).toContain(from);
      writeFileSync(p, text.replace(from, to));
    };
    // 1. The declaration, as the document writes it.
    edit(
      "lib/content/collections.ts",
      "} as const satisfies Record<string, CollectionDeclaration>;",
      `${blocks[0]}} as const satisfies Record<string, CollectionDeclaration>;`,
    );
    // 2. The content: the fixture corpus and two talks.
    rmSync(path.join(dir, "content"), { recursive: true, force: true });
    cpSync(path.join(root, "tests/fixtures/content"), path.join(dir, "content"), { recursive: true });
    mkdirSync(path.join(dir, "content/talks"));
    writeFileSync(
      path.join(dir, "content/talks/one-declaration.md"),
      TALK("one-declaration", "2026-03-14", "One declaration per collection"),
    );
    writeFileSync(path.join(dir, "content/talks/twins-everywhere.md"), TALK("twins-everywhere", "2025-10-02", "Twins everywhere"));
    // 3. Build and look.
    writeFileSync(path.join(dir, "check-page-kind.ts"), CHECK);
    report = JSON.parse(lastLine(await run("npx", ["tsx", "check-page-kind.ts"], dir))) as Report;
  }, 300_000);
  afterAll(async () => {
    await app?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("the index and each entry have their twins, and the entries report the declared kind", () => {
    expect(report.twins["/talks"]).toMatch(/^# Talks\n\n> Talks given at conferences and meetups, newest first\.\n/);
    // Newest first: the collection is dated.
    expect(report.twins["/talks"].indexOf("One declaration")).toBeLessThan(report.twins["/talks"].indexOf("Twins everywhere"));
    expect(report.twins["/talks/one-declaration"]).toContain("# One declaration per collection");
    // Writing reports "writing" first, so a talk says which it is.
    expect(report.twins["/talks/one-declaration"]).toContain("- Kind: writing (talk)");
    expect(report.twins["/"]).toContain("## Latest talks");
    expect(report.kinds["/talks/one-declaration"]).toBe("writing");
  });

  it("search finds an entry and the index, with one of the API's four kinds, and the site labels it by its own name", () => {
    const urls = report.search.map((r) => r.url);
    expect(urls).toContain("/talks/one-declaration");
    expect(urls).toContain("/talks");
    for (const r of report.search) expect(["page", "writing", "document", "utility"]).toContain(r.kind);
    expect(report.label).toBe("Talk");
  });

  it("the sitemap and the page index list the index and the entries", () => {
    for (const p of ["/talks", "/talks/one-declaration", "/talks/twins-everywhere"]) {
      expect(report.paths.pages, p).toContain(p);
      expect(report.sitemap, p).toContain(`http://localhost:3000${p}`);
    }
  });

  it("the feeds carry the entries (a dated collection)", () => {
    expect(report.atom).toContain("/talks/one-declaration");
    // The build's feeds carry a token where the base URL goes (lib/content/base-token.ts): the server puts in the request's.
    const urls = (JSON.parse(report.json) as { items: { url: string }[] }).items.map((i) => i.url);
    expect(urls.some((u) => u.endsWith("/talks/twins-everywhere"))).toBe(true);
    expect(report.atom).toContain("/talks/twins-everywhere");
  });

  it("the declared page and its head come from the declaration and the intro", () => {
    expect(report.page).toMatchObject({
      title: "Talks",
      description: "Talks given at conferences and meetups, newest first.",
      twin: "content",
    });
    expect(report.page.aliases).toContain("presentations");
    expect(report.head).toEqual({ canonical: "/talks", markdown: "/talks.md" });
    expect(report.tags).toMatch(/2 talks/);
  });

  it("the copy type-checks, and its app/ routes, declared pages and collection lists pass their tests", async () => {
    await run("npx", ["tsc", "--noEmit"], dir);
    // All but the demo's own pinned wording ("garage notes included"), which a new writing-kind collection rightly changes.
    const notDemoWording = "^(?!.*the kinds and the collections in words)";
    await run(
      "npx",
      [
        "vitest",
        "run",
        "-t",
        notDemoWording,
        "lib/site/pages.test.ts",
        "lib/content/collections.test.ts",
        "lib/site/config-schema.test.ts",
      ],
      dir,
    );
    expect(
      await run("npx", ["tsx", "-e", 'import("./lib/content/collections.ts").then((m) => console.log(m.kindsInWords()))'], dir),
    ).toMatch(/talks/);
  }, 300_000);

  // Opt-in (PAGE_KIND_HTTP=1): the copy's build alone took 250 s on two loaded cores (2026-12-05),
  // more than this suite spends on one test file; what it reads is what the build wrote, checked above.
  describe.runIf(HTTP)("served over HTTP (PAGE_KIND_HTTP=1)", () => {
    const html = async (p: string) => {
      const r = await call(contract, app!.base, p, { headers: { accept: "text/html" } });
      return { r, $: cheerio.load(r.text) };
    };
    beforeAll(async () => {
      app = await serve(dir);
      contract = await Contract.load(app.base);
    }, 900_000);

    it("/talks is the index: its heading, its intro, the talks newest first, its twin and its head", async () => {
      const { r, $ } = await html("/talks");
      expect(r.status).toBe(200);
      expect($("main h1").text()).toBe("Talks");
      expect($("main .lede").text()).toBe("Talks given at conferences and meetups, newest first.");
      expect($('meta[name="description"]').attr("content")).toBe("Talks given at conferences and meetups, newest first.");
      const entries = $("main a.doc-link")
        .map((_, a) => $(a).attr("href"))
        .get()
        .filter((h) => h.startsWith("/talks/"));
      expect(entries).toEqual(["/talks/one-declaration", "/talks/twins-everywhere"]);
      expect($('link[rel="alternate"][type="text/markdown"]').attr("href")).toMatch(/\/talks\.md$/);
      expect($('link[rel="canonical"]').attr("href")).toBe(`http://localhost:3000/talks`);
      const twin = await call(contract, app!.base, "/talks.md");
      expect(twin.status).toBe(200);
      expect(twin.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
      expect(twin.text).toMatch(/^# Talks\n\n> Talks given at conferences and meetups, newest first\.\n/);
      const negotiated = await call(contract, app!.base, "/talks", { headers: { accept: "text/markdown" } });
      expect(negotiated.text).toBe(twin.text);
    });

    it("a talk is its own page, prerendered and answered as an essay is", async () => {
      const { r, $ } = await html("/talks/one-declaration");
      expect(r.status).toBe(200);
      expect($("main h1").text()).toBe("One declaration per collection");
      const essay = await call(contract, app!.base, "/writing/first-post", { headers: { accept: "text/html" } });
      expect(essay.status).toBe(200);
      for (const h of ["cache-control", "vary", "content-type"]) expect(r.headers.get(h), h).toBe(essay.headers.get(h));
      expect(r.headers.get("link")).toContain("</talks/one-declaration.md>");
      const twin = await call(contract, app!.base, "/talks/one-declaration.md");
      expect(twin.status).toBe(200);
      expect(twin.text).toContain("# One declaration per collection");
      expect(twin.text).toContain("- Kind: writing (talk)");
    });

    it("the menu links /talks on every page, in the wide row and in the phone's fold, after the other collections", async () => {
      for (const p of ["/", "/talks", "/about", "/writing/first-post"]) {
        const { $ } = await html(p);
        for (const list of [".nav-wide", ".nav-menu"]) {
          const hrefs = $(`nav[aria-label="Main"] ${list} a`)
            .map((_, a) => $(a).attr("href"))
            .get();
          expect(hrefs, `${p} ${list}`).toContain("/talks");
          expect(hrefs.indexOf("/talks"), `${p} ${list}`).toBe(hrefs.indexOf("/garage") + 1);
        }
      }
    });

    it("search, the sitemap, the feeds and llms.txt carry it", async () => {
      const search = await call(contract, app!.base, "/search.json?q=declaration%20collection%20slides");
      expect(search.status).toBe(200);
      const results = (search.body as { results: { url: string; kind: string }[] }).results;
      expect(results.find((x) => x.url.endsWith("/talks/one-declaration"))?.kind).toBe("writing");
      const sitemap = (await call(contract, app!.base, "/sitemap.xml")).text;
      for (const p of ["/talks", "/talks/one-declaration", "/talks/twins-everywhere"]) expect(sitemap, p).toContain(`${p}</loc>`);
      expect((await call(contract, app!.base, "/feed.xml")).text).toContain("/talks/twins-everywhere");
      expect((await call(contract, app!.base, "/llms.txt")).text).toMatch(/^## Talks$/m);
    });

    it("an unknown talk, its twin and a method a page refuses get the site's answers", async () => {
      const missing = await call(contract, app!.base, "/talks/no-such-talk", { headers: { accept: "application/json" } });
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ ok: false, code: "not_found" });
      const page = await html("/talks/no-such-talk");
      expect(page.r.status).toBe(404);
      const md = await call(contract, app!.base, "/talks/no-such-talk.md");
      expect(md.status).toBe(404);
      expect(md.text).toMatch(/^# Not found\n/);
      const post = await call(contract, app!.base, "/talks", { method: "POST" });
      expect(post.status).toBe(405);
      expect(post.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    });
  });
});

/** The copy built as `npm run build` finishes it and served by `npm start`, once for every test below. */
async function serve(dir: string): Promise<RunningServer> {
  const started = Date.now();
  await run("npx", ["tsx", "scripts/build-edge.ts"], dir);
  await run("npx", ["next", "build"], dir);
  console.log(`page-kind: the copy's edge and next build took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return startServer({}, "npm start", dir);
}

/** Runs in the copy: builds the content into .site and reports what came out, as JSON on its last line. */
const CHECK = `
import { readFileSync } from "node:fs";
import { buildSite } from "@/scripts/build/site";
import { buildPhotos } from "@/scripts/build/photos";

// No photos (a folder with none): the talks show none, and \`next build\` needs only the (empty) manifest.
const photos = { photosDir: "no-photos", outDir: ".site", publicDir: "public/generated/photos", urlBase: "/generated/photos" };
await buildSite({
  contentDir: "content", outDir: ".site", publicDir: "public/generated", staticDir: "public", pdf: false, log: () => {},
  photosDir: photos.photosDir,
  photos: async () => (await buildPhotos(photos), ".site/photos.json"),
});
const { searchSite } = await import("@/lib/search/search");
const { resultLabel } = await import("@/lib/search/present");
const { PAGES, pageMeta } = await import("@/lib/site/pages");
const { pageMetadata } = await import("@/lib/site/metadata");
const { tagDescription } = await import("@/lib/content/tags");
const { GET: sitemap } = await import("@/app/sitemap.xml/route");
const corpus = JSON.parse(readFileSync(".site/corpus.json", "utf8"));
const head = pageMetadata(pageMeta("/talks" as keyof typeof PAGES)).alternates!;
const talks = corpus.docs.filter((d: { collection: string }) => d.collection === "talks");
console.log(JSON.stringify({
  twins: corpus.twins,
  kinds: Object.fromEntries(corpus.docs.map((d: { url: string; kind: string }) => [d.url, d.kind])),
  paths: JSON.parse(readFileSync(".site/paths.json", "utf8")),
  search: searchSite("talk declaration collection slides", 50).results.map((r) => ({ url: r.url, kind: r.kind })),
  label: resultLabel("/talks/one-declaration", "writing"),
  sitemap: [...(await sitemap().text()).matchAll(/<loc>([^<]+)</g)].map((m) => m[1]),
  atom: readFileSync(".site/feed.xml", "utf8"),
  json: readFileSync(".site/feed.json", "utf8"),
  tags: tagDescription("agents", talks),
  page: PAGES["/talks" as keyof typeof PAGES],
  head: { canonical: head.canonical, markdown: (head.types as Record<string, string>)["text/markdown"] },
}));
`;

const lastLine = (out: string) => out.trim().split("\n").at(-1)!;

/**
 * The project as a checkout has it, in a temporary folder: source, content and docs, without
 * the build's output, node_modules as hard links (a real folder, as in a checkout), and
 * Next's compile cache.
 */
function copyProject(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "site-page-kind-"));
  const skip = new Set(["node_modules", ".next", ".git", ".site", ".edge", "test-results", "playwright-report"]);
  cpSync(root, dir, {
    recursive: true,
    filter: (src) => {
      const rel = path.relative(root, src);
      return !skip.has(rel.split(path.sep)[0]) && rel !== path.join("public", "generated");
    },
  });
  const linked = spawnSync("cp", ["-al", path.join(root, "node_modules"), path.join(dir, "node_modules")], { encoding: "utf8" });
  if (linked.status !== 0) throw new Error(`cp -al node_modules: ${linked.stderr}`);
  // For the build served over HTTP, Next's compile cache, as tests/portrait-http.test.ts copies
  // it: the copy's build compiles what changed rather than the whole app. Copied, not linked:
  // Turbopack writes into it.
  const turbopack = path.join(root, ".next", "cache", "turbopack");
  if (HTTP && existsSync(turbopack)) {
    mkdirSync(path.join(dir, ".next", "cache"), { recursive: true });
    const copied = spawnSync("cp", ["-a", turbopack, path.join(dir, ".next", "cache", "turbopack")], { encoding: "utf8" });
    if (copied.status !== 0) throw new Error(`cp -a .next/cache/turbopack: ${copied.stderr}`);
  }
  return dir;
}

function run(cmd: string, args: string[], cwd: string): Promise<string> {
  // Nothing here asks /ask: the copy's content build embeds no units (as tests/helpers/server.ts's servers).
  return runInCopy(cmd, args, cwd, { SITE_URL: "http://localhost:3000", ASK_ENCODER: "off" });
}

import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runInCopy } from "./helpers/run-script";

/**
 * docs/adding-a-page-kind.md, followed in a temporary copy of the project: its code blocks
 * (the declaration and the two route files) are taken from the document itself, the intro
 * and the footer link added to site.config.ts, two talks written, and the content built
 * (`buildSite`, what `npm run build:content` runs, over the fixture corpus so the /ask model
 * trains in seconds). What this covers: the index and entry twins, the corpus's kind, the
 * search (run against the built index), the page index the sitemap is made from (the
 * sitemap route itself is called), the Atom and JSON feeds, the tag page's words, the
 * declared page and its head, and then the type checker and the app/-against-pages and
 * no-hand-written-list tests in the copy. What it does not: a `next build` and the pages over
 * HTTP (several minutes here; tests/portrait-http.test.ts shows the way if ever needed).
 */
const root = path.resolve(import.meta.dirname, "..");
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

  beforeAll(async () => {
    expect(blocks.length, "the document's ts blocks: the declaration and two route files").toBe(3);
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
    // 2. Its intro; 4. a link to it.
    edit("site.config.ts", "  intros: {", '  intros: {\n    talks: "Talks given at conferences and meetups, newest first.",');
    edit("site.config.ts", "  footer: [", '  footer: [\n    { label: "Talks", href: "/talks" },');
    // 3. The two route files, each at the path its first line names.
    for (const block of blocks.slice(1)) {
      const file = /^\/\/ (app\/\S+)\n/.exec(block)?.[1];
      expect(file, block).toBeDefined();
      mkdirSync(path.dirname(path.join(dir, file!)), { recursive: true });
      writeFileSync(path.join(dir, file!), block.replace(/^\/\/ .*\n/, ""));
    }
    // 5. The content: the fixture corpus and two talks.
    rmSync(path.join(dir, "content"), { recursive: true, force: true });
    cpSync(path.join(root, "tests/fixtures/content"), path.join(dir, "content"), { recursive: true });
    mkdirSync(path.join(dir, "content/talks"));
    writeFileSync(
      path.join(dir, "content/talks/one-declaration.md"),
      TALK("one-declaration", "2026-03-14", "One declaration per collection"),
    );
    writeFileSync(path.join(dir, "content/talks/twins-everywhere.md"), TALK("twins-everywhere", "2025-10-02", "Twins everywhere"));
    // 6. Build and look.
    writeFileSync(path.join(dir, "check-page-kind.ts"), CHECK);
    report = JSON.parse(lastLine(await run("npx", ["tsx", "check-page-kind.ts"], dir))) as Report;
  }, 300_000);
  afterAll(() => {
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
});

/** Runs in the copy: builds the content into .site and reports what came out, as JSON on its last line. */
const CHECK = `
import { readFileSync } from "node:fs";
import { buildSite } from "@/scripts/build/site";

await buildSite({ contentDir: "content", outDir: ".site", publicDir: "public/generated", staticDir: "public", pdf: false, log: () => {} });
const { searchSite } = await import("@/lib/search/search");
const { resultLabel } = await import("@/lib/search/present");
const { PAGES, pageMeta } = await import("@/lib/site/pages");
const { pageMetadata } = await import("@/lib/site/metadata");
const { tagDescription } = await import("@/lib/content/tags");
const { default: sitemap } = await import("@/app/sitemap");
const corpus = JSON.parse(readFileSync(".site/corpus.json", "utf8"));
const head = pageMetadata(pageMeta("/talks" as keyof typeof PAGES)).alternates!;
const talks = corpus.docs.filter((d: { collection: string }) => d.collection === "talks");
console.log(JSON.stringify({
  twins: corpus.twins,
  kinds: Object.fromEntries(corpus.docs.map((d: { url: string; kind: string }) => [d.url, d.kind])),
  paths: JSON.parse(readFileSync(".site/paths.json", "utf8")),
  search: searchSite("talk declaration collection slides", 50).results.map((r) => ({ url: r.url, kind: r.kind })),
  label: resultLabel("/talks/one-declaration", "writing"),
  sitemap: sitemap().map((e) => e.url),
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
 * the build's output, node_modules as hard links (a real folder, as in a checkout).
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
  return dir;
}

function run(cmd: string, args: string[], cwd: string): Promise<string> {
  return runInCopy(cmd, args, cwd, { SITE_URL: "http://localhost:3000" });
}

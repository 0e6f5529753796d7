import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import sharp from "sharp";
import { createHash } from "node:crypto";
import { ogCardPath } from "@/lib/site/og";
import { tmpdir } from "node:os";
import path from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildSite, LARGE_FILE_BYTES } from "@/scripts/build/site";
import { buildPhotos } from "@/scripts/build/photos";
import type { Resume } from "@/lib/content/resume";
import { ContentError } from "@/lib/content/load";
import { resumeProblems } from "@/lib/content/resume";
import { BASE_TOKEN } from "@/lib/content/base-token";
import type { Corpus } from "@/lib/content/types";
import { loadPageIndex } from "@/lib/site/page-index";
import { siteConfig } from "@/site.config";
import { llmsFullTxt, llmsTxt } from "@/lib/content/llms";

/** The fixture corpus built into a temp folder, every artifact inspected. */
const FIXTURE = path.resolve(import.meta.dirname, "fixtures/content");
let work: string;
let contentDir: string;
let outDir: string;
let publicDir: string;
let corpus: Corpus;
const read = (f: string) => readFile(path.join(outDir, f), "utf8");
/** llms.txt and llms-full.txt as the server makes them from the built corpus (lib/content/endpoints.ts). */
const llms = async (f: "llms.txt" | "llms-full.txt") => {
  const built = JSON.parse(await read("corpus.json")) as Corpus;
  return f === "llms.txt" ? llmsTxt(built.docs, { resume: built.twins["/resume"] !== undefined }) : llmsFullTxt(built.docs, built.twins);
};

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "site-build-"));
  contentDir = path.join(work, "content");
  outDir = path.join(work, ".site");
  publicDir = path.join(work, "public");
  await cp(FIXTURE, contentDir, { recursive: true });
  await buildSite({ contentDir, outDir, publicDir });
  corpus = JSON.parse(await read("corpus.json")) as Corpus;
}, 300_000);
afterAll(() => rm(work, { recursive: true, force: true }));

describe("corpus", () => {
  it("has every document with its kind and URL (garage notes report kind writing)", () => {
    const byUrl = Object.fromEntries(corpus.docs.map((d) => [d.url, d.kind]));
    expect(byUrl).toEqual({
      "/about": "page",
      "/writing/second-post": "writing",
      "/writing/first-post": "writing",
      "/garage/bike-chain": "writing",
      "/documents/house-rules": "document",
      "/utilities/echo": "utility",
    });
  });

  it("renders GFM tables, task lists, code blocks and heading anchors, and escapes raw text", () => {
    const first = corpus.docs.find((d) => d.slug === "first-post")!;
    expect(first.html).toContain("<table>");
    expect(first.html).toContain('<h2 id="feeding-schedule"><a href="#feeding-schedule">');
    expect(first.html).toContain('<code class="language-sh">');
    expect(first.headings).toEqual([{ depth: 2, text: "Feeding schedule", id: "feeding-schedule" }]);
    const second = corpus.docs.find((d) => d.slug === "second-post")!;
    expect(second.html).toContain('type="checkbox"');
    expect(second.html).toContain("&#x26; check");
  });

  it("has a Markdown twin for every page, generated indexes, tag pages and the resume included", () => {
    const tagPages = [...new Set(corpus.docs.flatMap((d) => d.tags))].map((t) => `/tags/${t}`);
    expect(tagPages.length).toBeGreaterThan(0);
    expect(Object.keys(corpus.twins).sort()).toEqual(
      [
        ...tagPages,
        "/tags",
        "/",
        "/about",
        "/documents",
        "/documents/house-rules",
        "/garage",
        "/garage/bike-chain",
        "/resume",
        "/utilities",
        "/utilities/echo",
        "/writing",
        "/writing/first-post",
        "/writing/second-post",
      ].sort(),
    );
    const twin = corpus.twins["/writing/first-post"];
    expect(twin).toMatch(/^# The first post about sourdough\n\n> Feeding a sourdough starter/);
    expect(twin).toContain(`- URL: ${BASE_TOKEN}/writing/first-post`);
    expect(twin).toContain("| 08:00 | 50 g | 50 g |");
    expect(corpus.twins["/writing"]).toContain(`[Second post: kayaking in autumn](${BASE_TOKEN}/writing/second-post.md)`);
  });
});

describe("llms.txt and llms-full.txt", () => {
  it("follows the llmstxt.org structure: H1, blockquote summary, H2 sections of links to twins", async () => {
    const txt = await llms("llms.txt");
    const lines = txt.split("\n");
    expect(lines[0]).toMatch(/^# \S/);
    expect(lines[2]).toMatch(/^> \S/);
    expect(txt.match(/^# /gm)).toHaveLength(1);
    const sections = [...txt.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(sections).toEqual(["Pages", "Writing", "Garage notes", "Documents", "Utilities", "API", "Optional"]);
    for (const d of corpus.docs) expect(txt).toContain(`](${BASE_TOKEN}${d.url}.md): ${d.description}`);
    for (const line of lines.filter((l) => l.startsWith("- "))) expect(line).toMatch(/^- \[[^\]]+\]\([^)]+\)(: .+)?$/);
  });

  it("inlines every twin in order, each with its source URL", async () => {
    const full = await llms("llms-full.txt");
    let last = -1;
    for (const d of corpus.docs) {
      const at = full.indexOf(`Source: ${BASE_TOKEN}${d.url}\n`);
      expect(at, d.url).toBeGreaterThan(last);
      last = at;
      expect(full).toContain(`# ${d.title}`);
    }
  });
});

describe("feeds", () => {
  it("Atom is well-formed XML with one entry per dated post, newest first", async () => {
    const xml = await read("feed.xml");
    expect(XMLValidator.validate(xml)).toBe(true);
    const feed = new XMLParser({ ignoreAttributes: false }).parse(xml).feed;
    expect(feed["@_xmlns"]).toBe("http://www.w3.org/2005/Atom");
    const titles = feed.entry.map((e: { title: string }) => e.title);
    expect(titles).toEqual(["Second post: kayaking in autumn", "Replacing a bicycle chain", "The first post about sourdough"]);
    expect(feed.entry[0].updated).toBe("2026-03-12T12:00:00Z");
  });

  it("JSON Feed 1.1 has the required fields", async () => {
    const feed = JSON.parse(await read("feed.json"));
    expect(feed.version).toBe("https://jsonfeed.org/version/1.1");
    expect(feed.title).toBeTruthy();
    expect(feed.items).toHaveLength(3);
    for (const item of feed.items) {
      expect(item.id).toBeTruthy();
      expect(item.content_html).toBeTruthy();
      expect(Date.parse(item.date_published)).not.toBeNaN();
    }
  });
});

describe("resume and the search index", () => {
  it("writes a resume that validates as JSON Resume, and a PDF", async () => {
    expect(resumeProblems(JSON.parse(await read("resume.json")), "resume.json")).toEqual([]);
    const pdf = await readFile(path.join(outDir, "resume.pdf"));
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(corpus.twins["/resume"]).toContain("## Experience");
  });

  it("writes the server's search index: the written pages and the standing ones", async () => {
    expect(corpus.docs).toHaveLength(6);
    const standing = corpus.standing.map((d) => d.url);
    expect(standing).toEqual(expect.arrayContaining(["/", "/writing", "/resume", "/developers", "/photos", "/rn", "/coffee"]));
    expect(corpus.docs.map((d) => d.url).filter((u) => standing.includes(u))).toEqual([]);
    expect(JSON.parse(await read("search-index.json")).documentCount).toBe(6 + standing.length);
  });

  it("draws a 1200×630 share card for every page with a twin but the tag pages (the site's card) and lists them in og.json", async () => {
    const { paths } = JSON.parse(await read("og.json")) as { paths: string[] };
    const twins = Object.keys(corpus.twins);
    expect(paths).toEqual(expect.arrayContaining(twins.filter((p) => !p.startsWith("/tags/"))));
    expect(paths.filter((p) => p.startsWith("/tags/"))).toEqual([]);
    expect(paths).toContain("/search");
    for (const p of paths) {
      const png = await readFile(path.join(publicDir, ogCardPath(p).replace(/^\/generated\//, "")));
      expect(await sharp(png).metadata(), p).toMatchObject({ format: "png", width: 1200, height: 630 });
    }
  });
});

// Several of these run the whole content build two or three times (10-15 s each on a busy two-core machine).
const REBUILDS = { timeout: 300_000 };

describe("incremental builds", REBUILDS, () => {
  it("a rebuild with nothing changed renders nothing and skips every stage", async () => {
    const { stages } = await buildSite({ contentDir, outDir, publicDir });
    expect(stages.find((s) => s.name === "content")?.detail).toContain("0 rendered");
    expect(stages.filter((s) => s.name !== "content").every((s) => s.skipped)).toBe(true);
  });

  it("a changed file is re-rendered alone and the stages after it run again", async () => {
    const file = path.join(contentDir, "garage/bike-chain.md");
    await writeFile(file, (await readFile(file, "utf8")).replace("Measure it", "Measure it carefully"));
    const { stages } = await buildSite({ contentDir, outDir, publicDir, pdf: false, askModel: false });
    expect(stages.find((s) => s.name === "content")?.detail).toContain("1 rendered");
    expect(stages.find((s) => s.name === "search")?.skipped).toBe(false);
  });
});

describe("the demo flag (demo: true in site.config.ts)", REBUILDS, () => {
  it("is flagged once the content is not the demo's: the build names the folder and its files", async () => {
    expect(siteConfig.demo).toBe(true);
    const lines: string[] = [];
    // The fixture corpus is not the demo's content; the shipped photos are the demo's.
    await buildSite({
      contentDir,
      outDir,
      publicDir,
      pdf: false,
      photosDir: path.resolve(import.meta.dirname, "../photos"),
      log: (l) => lines.push(l),
    });
    const flagged = lines.filter((l) => l.includes("demo: true"));
    expect(flagged).toHaveLength(1);
    expect(flagged[0]).toMatch(
      /^ {2}site\.config\.ts: demo: true, but content\/ is not the demo's \(\d+ changed, \d+ added, \d+ removed of its \d+ files: content\//,
    );
    expect(flagged[0]).not.toContain("photos/");
    expect(flagged[0]).toMatch(/every page still says "Demo content: a fictional owner" .*; set demo: false$/);
  });
});

describe("a bad file fails the build with `file: field: reason` and writes nothing", REBUILDS, () => {
  // Bytes, for files that are no UTF-8 text or no .md: refused by name, never published garbled or skipped.
  const cases: [string, string | Buffer, string][] = [
    [
      "writing/latin1.md",
      Buffer.from(
        "---\ntitle: Latin-1 post\ndescription: A post saved in Latin-1 by an old editor, with a degree sign.\ndate: 2024-03-16\n---\nIt was 14 \xb0C.\n",
        "latin1",
      ),
      "content/writing/latin1.md: file: is not UTF-8 text (first bad byte on line 6)",
    ],
    [
      "writing/named-wrong.markdown",
      Buffer.from(
        "---\ntitle: Wrong extension\ndescription: A post whose file name ends in .markdown rather than .md.\ndate: 2024-03-16\n---\nBody.\n",
      ),
      "content/writing/named-wrong.markdown: file name: content files end in .md",
    ],
    [
      // What TextEdit saves when told to keep "post.md" as plain text.
      "writing/saved-as.md.txt",
      Buffer.from(
        "---\ntitle: Saved as text\ndescription: A post whose editor added .txt after its .md file name.\ndate: 2024-03-16\n---\nBody.\n",
      ),
      "content/writing/saved-as.md.txt: file name: content files end in .md",
    ],
    [
      "writing/no-date.md",
      "---\ntitle: No date here\ndescription: A post without the date that writing requires, on purpose.\n---\nBody.",
      "content/writing/no-date.md: date: is required in writing/",
    ],
    [
      // Two mistakes, one of them the folder's rule: both in one build, not the second after the first is fixed.
      "writing/short-and-undated.md",
      "---\ntitle: X\ndescription: too short\n---\nBody.",
      "content/writing/short-and-undated.md: date: is required in writing/",
    ],
    [
      "pages/short.md",
      "---\ntitle: ok title\ndescription: too short\n---\nBody.",
      "content/pages/short.md: description: must be at least 40 characters",
    ],
    [
      "pages/typo.md",
      "---\ntitle: A page with a typo\ndescription: A page whose front matter has a field nobody knows about.\ntitel: oops\n---\nBody.",
      "content/pages/typo.md: front matter: unknown field(s) titel",
    ],
    [
      "writing/bad-date.md",
      "---\ntitle: Bad date\ndescription: A post whose date is not a date at all, to check the message.\ndate: yesterday\n---\nBody.",
      "content/writing/bad-date.md: date: must be a date written YYYY-MM-DD",
    ],
    [
      "pages/Bad_Name.md",
      "---\ntitle: Bad name\ndescription: A page whose file name is not lowercase kebab-case at all.\n---\nBody.",
      "content/pages/Bad_Name.md: file name: must be lowercase words joined by hyphens",
    ],
    [
      "pages/writing.md",
      "---\ntitle: Shadow\ndescription: A page that would shadow the writing index route of the site.\n---\nBody.",
      "content/pages/writing.md: file name: /writing is a route of the site",
    ],
    ["pages/broken.md", "---\ntitle: [unclosed\n---\nBody.", "content/pages/broken.md: front matter:"],
    [
      "pages/colon.md",
      "---\ntitle: Keeping a starter: the cold flat edition\ndescription: A page whose title has a colon and no quotes around it at all.\n---\nBody.",
      'content/pages/colon.md: front matter: incomplete explicit mapping pair; a key node is missed; or followed by a non-tabulated empty line at line 2, column 25 (a value containing ": " needs quotes',
    ],
    [
      "writing/quoted-key.md",
      '---\ntitle: Quoted key\ndescription: A post whose date key is quoted and whose date has a thirteenth month.\n"date": 2024-13-45\n---\nBody.',
      "content/writing/quoted-key.md: date: is not a real date",
    ],
    [
      "writing/draft-yes.md",
      "---\ntitle: Draft yes\ndescription: A post whose draft flag is written as yes, which YAML reads as text.\ndate: 2024-03-16\ndraft: yes\n---\nBody.",
      "content/writing/draft-yes.md: draft: must be a boolean, not a string (write true or false)",
    ],
    [
      "pages/number-title.md",
      "---\ntitle: 12345\ndescription: A page whose title is a bare number, which YAML reads as a number.\n---\nBody.",
      "content/pages/number-title.md: title: must be a string, not a number (YAML reads an unquoted 12345 or true as one: put the value in quotes)",
    ],
    [
      "utilities/nope.md",
      "---\ntitle: Nope\ndescription: A utility page describing an endpoint this site does not have at all.\nendpoint: /nope.json\n---\nBody.",
      "content/utilities/nope.md: endpoint: /nope.json is not an API path of this site (see /openapi.json)",
    ],
    ["pages/bare.md", "# Just a heading\n\nA page written without any front matter.\n", "content/pages/bare.md: front matter: is missing"],
    [
      "pages/tag-string.md",
      "---\ntitle: Tags as a string\ndescription: A page whose tags are written as one string, not as a list of tags.\ntags: baking, sourdough\n---\nBody.",
      "content/pages/tag-string.md: tags: must be a list, e.g. [one, two]",
    ],
    // YAML reads an unquoted date as a Date and rolls an impossible one over (2024-13-45 → 14 February 2025).
    [
      "writing/rolled-date.md",
      "---\ntitle: Rolled date\ndescription: A post whose unquoted date has a thirteenth month and a 45th day.\ndate: 2024-13-45\n---\nBody.",
      "content/writing/rolled-date.md: date: is not a real date",
    ],
    [
      "writing/leap-date.md",
      "---\ntitle: Leap date\ndescription: A post dated the 29th of February in a year that has no such day.\ndate: 2023-02-29\n---\nBody.",
      "content/writing/leap-date.md: date: is not a real date",
    ],
    [
      "writing/quoted-date.md",
      '---\ntitle: Quoted date\ndescription: A post whose quoted date is the thirtieth of February, a day that never comes.\ndate: "2024-02-30"\n---\nBody.',
      "content/writing/quoted-date.md: date: is not a real date",
    ],
  ];
  it.each(cases)("%s", async (file, text, message) => {
    const before = await read("corpus.json");
    const target = path.join(contentDir, file);
    await writeFile(target, text);
    try {
      const err = await buildSite({ contentDir, outDir, publicDir, pdf: false, askModel: false }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(ContentError);
      expect((err as ContentError).problems.join("\n")).toContain(message);
      // One problem per field: no check of a field's length on a value of the wrong type.
      expect((err as ContentError).problems.join("\n")).not.toContain("at most 8 entries");
      expect(await read("corpus.json")).toBe(before);
    } finally {
      await rm(target);
    }
  });

  it("names every file and folder of content/ it leaves out, and publishes none of them", async () => {
    const post =
      "---\ntitle: Misplaced\ndescription: A post in a place the build does not read, to see it named.\ndate: 2024-03-16\n---\nBody.\n";
    const made = ["writing/2026", "notes"];
    await Promise.all(made.map((d) => mkdir(path.join(contentDir, d), { recursive: true })));
    const files = ["writing/2026/nested.md", "notes/x.md", "toplevel.md", "writing/notes.txt", "NOTES.md", "writing/.hidden.md"];
    await Promise.all(files.map((f) => writeFile(path.join(contentDir, f), post)));
    // A collection that is a link to a folder elsewhere (a synced folder) is read, and not named.
    const synced = path.join(work, "synced-documents");
    await rename(path.join(contentDir, "documents"), synced);
    await symlink(synced, path.join(contentDir, "documents"));
    const lines: string[] = [];
    try {
      await buildSite({ contentDir, outDir, publicDir, pdf: false, askModel: false, log: (l) => lines.push(l) });
      const log = lines.join("\n");
      expect(log).not.toContain("content/documents");
      expect(JSON.parse(await read("corpus.json")).docs.map((d: { url: string }) => d.url)).toContain("/documents/house-rules");
      expect(log).toContain("content/writing/2026/: left out: folders inside writing/ are not read; move its files into writing/");
      expect(log).toContain("content/notes/: left out: not a content folder (the folders are pages/, writing/");
      expect(log).toContain("content/toplevel.md: left out: a page goes in content/pages/, a post in content/writing/");
      expect(log).toContain("content/writing/notes.txt: left out: only .md files are read");
      // Upper-case notes (README.md) and hidden files are not content, and not worth a line.
      expect(log).not.toContain("NOTES.md");
      expect(log).not.toContain(".hidden.md");
      expect(JSON.stringify(JSON.parse(await read("corpus.json")).docs)).not.toContain("Misplaced");
    } finally {
      await Promise.all([...files, ...made].map((f) => rm(path.join(contentDir, f), { recursive: true, force: true })));
      await rm(path.join(contentDir, "documents"));
      await rename(synced, path.join(contentDir, "documents"));
    }
  });

  it("names a very large post in its log, and still publishes it", async () => {
    const file = path.join(contentDir, "writing/very-long.md");
    const body = "A sentence of a very long essay that goes on and on. ".repeat(Math.ceil(LARGE_FILE_BYTES / 50));
    await writeFile(
      file,
      `---\ntitle: Very long\ndescription: A post far longer than any essay, to see the build say so.\ndate: 2024-03-16\n---\n${body}\n`,
    );
    const lines: string[] = [];
    try {
      await buildSite({ contentDir, outDir, publicDir, pdf: false, askModel: false, log: (l) => lines.push(l) });
      expect(
        lines.some((l) =>
          /^ {2}content\/writing\/very-long\.md: \d+ KB of Markdown: its page, both feeds and llms-full\.txt carry all of it/.test(l),
        ),
      ).toBe(true);
      expect(lines.filter((l) => l.includes("KB of Markdown"))).toHaveLength(1);
      expect(JSON.parse(await read("corpus.json")).docs.some((d: { url: string }) => d.url === "/writing/very-long")).toBe(true);
    } finally {
      await rm(file);
    }
  });

  it("a post pasted from a word processor, with its soft line breaks (U+000B) and stray controls, publishes a feed that is still XML", async () => {
    const file = path.join(contentDir, "writing/pasted-from-word.md");
    await writeFile(
      file,
      "---\ntitle: Pasted\x1b from Word\ndescription: A post pasted from a word processor, which keeps its soft line breaks.\ndate: 2024-03-17\n---\n\nFirst line\x0bsecond line\x0c and a stray\x1b escape.\n",
    );
    // XML 1.0's Char production: a feed holding anything else is not XML, and readers drop all of it.
    const notXml = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
    try {
      await buildSite({ contentDir, outDir, publicDir, pdf: false, askModel: false });
      const atom = await read("feed.xml");
      expect(atom).toContain("Pasted from Word");
      expect(atom).not.toMatch(notXml);
      const doc = (JSON.parse(await read("corpus.json")) as Corpus).docs.find((d) => d.url === "/writing/pasted-from-word")!;
      expect(doc.text).toContain("First line second line and a stray escape.");
      expect(doc.html + doc.title).not.toMatch(/[\x00-\x08\x0b\x0c\x0e-\x1f]/);
    } finally {
      await rm(file);
    }
  });

  it("says which share cards leave out characters the site's fonts do not have, and still draws them", async () => {
    // Linear A: in neither Inter nor Source Serif 4, in any of Fontsource's subsets.
    const file = path.join(contentDir, "writing/linear-a.md");
    await writeFile(
      file,
      "---\ntitle: Reading 𐘀 and 𐘁 on a tablet, Ελληνικά too\ndescription: A post whose title has Linear A signs that no installed font can draw.\ndate: 2024-03-16\n---\nBody.\n",
    );
    const lines: string[] = [];
    try {
      await buildSite({ contentDir, outDir, publicDir, pdf: false, askModel: false, log: (l) => lines.push(l) });
      const warning = lines.filter((l) => l.includes("share cards:"));
      expect(warning).toHaveLength(1);
      // Greek is in the font's Greek subset, so only the Linear A signs are named.
      expect(warning[0]).toContain(
        "the site's font (Source Serif 4) has no glyph for 𐘀 𐘁, so one card leaves them out (/writing/linear-a)",
      );
      const png = await readFile(path.join(publicDir, ogCardPath("/writing/linear-a").replace(/^\/generated\//, "")));
      expect(await sharp(png).metadata()).toMatchObject({ width: 1200, height: 630 });
    } finally {
      await rm(file);
    }
  });

  it("links a new page that site.config.ts does not list from the footer, and says so", async () => {
    const file = path.join(contentDir, "pages/projects.md");
    await writeFile(
      file,
      "---\ntitle: Projects\ndescription: Things I am building, in the order I started them, with notes.\norder: 15\n---\nBody.\n",
    );
    const lines: string[] = [];
    try {
      await buildSite({ contentDir, outDir, publicDir, pdf: false, askModel: false, log: (l) => lines.push(l) });
      expect(lines).toContain(
        '  footer: /projects ("Projects") is in neither the menu nor the footer of site.config.ts, so the footer links it after its own links (list it there to place it)',
      );
    } finally {
      await rm(file);
    }
  });

  it("warns of each link, image or fragment that leads nowhere, by file:line, on a cached rebuild too, and passes the ones that lead somewhere", async () => {
    // A photo of this build: its rendition's name carries the first 12 hex digits of the file's SHA-256.
    const photosDir = path.join(work, "photos");
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#36a" } })
      .jpeg()
      .toBuffer();
    await mkdir(photosDir, { recursive: true });
    await writeFile(path.join(photosDir, "hill.jpg"), jpeg);
    const rendition = `/generated/photos/hill-${createHash("sha256").update(jpeg).digest("hex").slice(0, 12)}-small.jpg`;
    const photos = async () => {
      await buildPhotos({ photosDir, outDir, publicDir: path.join(publicDir, "photos"), urlBase: "/generated/photos" });
      return path.join(outDir, "photos.json");
    };
    const file = path.join(contentDir, "writing/links.md");
    await writeFile(
      file,
      [
        "---",
        "title: Links",
        "description: A post whose links lead to pages, files and sections, and some to nothing.",
        "date: 2024-03-16",
        "---",
        "Read [the first post](/writing/first-post#feeding-schedule) and [the renamed one](/writing/renamed-away).",
        "",
        "The [house rules](/documents/house-rules), [the guide](/developers), [the spec](/openapi.json), [its twin](/about.md),",
        `a [photo](${rendition}), ![the icon](/icon.svg) and \`curl\` [search](${BASE_TOKEN}/search.json?q=x).`,
        "",
        "More [about me](/about#no-such-section).",
        "",
        "![a chart](/images/not-there.jpg)",
      ].join("\n"),
    );
    const build = async () => {
      const lines: string[] = [];
      const { stages } = await buildSite({ contentDir, outDir, publicDir, pdf: false, askModel: false, photos, log: (l) => lines.push(l) });
      return { stages, warnings: lines.filter((l) => l.includes("content/writing/links.md:")) };
    };
    try {
      const expected = [
        "  content/writing/links.md:6: link /writing/renamed-away: no page or file of this build has that path",
        "  content/writing/links.md:11: link /about#no-such-section: /about has no section #no-such-section",
        "  content/writing/links.md:13: image /images/not-there.jpg: no such file in public/",
      ];
      const first = await build();
      expect(first.warnings).toEqual(expected);
      // Nothing changed: the post comes from the cache, and its links are still broken.
      const again = await build();
      expect(again.stages.find((s) => s.name === "content")?.detail).toContain("0 rendered");
      expect(again.warnings).toEqual(expected);
    } finally {
      await rm(file);
      await rm(photosDir, { recursive: true, force: true });
      await rm(path.join(publicDir, "photos"), { recursive: true, force: true });
      await rm(path.join(outDir, "photos.json"), { force: true });
    }
  });

  it("without resume.json the build publishes no resume: its JSON, PDF, twin, path and llms.txt line go, and come back with it", async () => {
    const file = path.join(contentDir, "resume.json");
    const good = await readFile(file, "utf8");
    const has = async (f: string) =>
      readFile(path.join(outDir, f)).then(
        () => true,
        () => false,
      );
    await buildSite({ contentDir, outDir, publicDir });
    expect(await has("resume.pdf")).toBe(true);
    await rm(file);
    try {
      await buildSite({ contentDir, outDir, publicDir });
      expect(await has("resume.json")).toBe(false);
      expect(await has("resume.pdf")).toBe(false);
      expect(JSON.parse(await read("corpus.json")).twins["/resume"]).toBeUndefined();
      expect(JSON.parse(await read("paths.json")).pages).not.toContain("/resume");
      // What the server routes, links and lists as pages (sitemap, menu, footer, twins).
      expect(loadPageIndex(outDir).pages.has("/resume")).toBe(false);
      expect(await llms("llms.txt")).not.toContain("/resume");
    } finally {
      await writeFile(file, good);
    }
    await buildSite({ contentDir, outDir, publicDir });
    expect(await has("resume.pdf")).toBe(true);
    expect(await llms("llms.txt")).toContain("/resume.md");
    expect(loadPageIndex(outDir).pages.has("/resume")).toBe(true);
  });

  it("names each menu or footer link of site.config.ts that leads to no page of this build (the pages leave it out)", async () => {
    const lines: string[] = [];
    await buildSite({ contentDir, outDir, publicDir, log: (l) => lines.push(l) });
    const left = lines.flatMap((l) => /site\.config\.ts (nav|footer): (\S+)/.exec(l)?.slice(1).join(" ") ?? []);
    // The fixture has an about page but no /now, /faq, /uses … pages; app pages and API files are always there.
    const missing = (where: "nav" | "footer") =>
      siteConfig[where]
        .filter((l) => ["/now", "/faq", "/speaking", "/uses", "/contact", "/colophon"].includes(l.href))
        .map((l) => `${where} ${l.href}`);
    expect(missing("footer").length).toBeGreaterThan(0);
    expect(left.sort()).toEqual([...missing("nav"), ...missing("footer")].sort());
    expect(lines.join("\n")).toContain("is not a page of this build, so no page links to it");
  });

  it("a resume without a name, or with a month 13 the JSON Resume schema lets through, fails the build", async () => {
    const file = path.join(contentDir, "resume.json");
    const good = await readFile(file, "utf8");
    const r = JSON.parse(good) as Resume;
    delete r.basics!.name;
    r.work![0].startDate = "2023-13";
    await writeFile(file, JSON.stringify(r));
    try {
      const err = (await buildSite({ contentDir, outDir, publicDir, pdf: false, askModel: false }).catch(
        (e: unknown) => e,
      )) as ContentError;
      expect(err).toBeInstanceOf(ContentError);
      expect(err.problems).toEqual(
        expect.arrayContaining([
          "content/resume.json: basics.name: is required",
          "content/resume.json: work.0.startDate: is not a real date",
        ]),
      );
    } finally {
      await writeFile(file, good);
    }
  });

  it("a timestamp stands for its day, and hidden files (macOS's ._ resource forks) are not content", async () => {
    const post = path.join(contentDir, "writing", "timestamped.md");
    const fork = path.join(contentDir, "writing", "._timestamped.md");
    await writeFile(
      post,
      "---\ntitle: Timestamped\ndescription: A post dated with a full timestamp, which stands for its day.\ndate: 2024-05-01T10:00:00Z\n---\nBody.\n",
    );
    await writeFile(fork, Buffer.from([0x00, 0x05, 0x16, 0x07, 0xff, 0xfe]));
    try {
      await buildSite({ contentDir, outDir, publicDir, pdf: false, askModel: false });
      const corpus = JSON.parse(await read("corpus.json")) as { docs: { url: string; date?: string }[] };
      expect(corpus.docs.find((d) => d.url === "/writing/timestamped")?.date).toBe("2024-05-01");
    } finally {
      await rm(post);
      await rm(fork);
    }
  });

  it("a resume that is not JSON fails the build naming the line and column, as an editor shows them", async () => {
    const file = path.join(contentDir, "resume.json");
    const good = await readFile(file, "utf8");
    await writeFile(file, '{\n  "basics": {\n    "name": "Avery,\n  }\n}\n');
    try {
      const err = (await buildSite({ contentDir, outDir, publicDir, pdf: false, askModel: false }).catch(
        (e: unknown) => e,
      )) as ContentError;
      expect(err).toBeInstanceOf(ContentError);
      expect(err.problems.join("\n")).toMatch(/^content\/resume\.json: resume: is not valid JSON \(.+ at line 3, column \d+\)$/m);
    } finally {
      await writeFile(file, good);
    }
  });

  it("an invalid resume fails the build", async () => {
    const file = path.join(contentDir, "resume.json");
    const good = await readFile(file, "utf8");
    await writeFile(file, JSON.stringify({ basics: { name: 3, email: "not-an-email" } }));
    try {
      const err = (await buildSite({ contentDir, outDir, publicDir, pdf: false, askModel: false }).catch(
        (e: unknown) => e,
      )) as ContentError;
      expect(err).toBeInstanceOf(ContentError);
      expect(err.problems.join("\n")).toMatch(/content\/resume\.json: basics\.name: must be string/);
      expect(err.problems.join("\n")).toMatch(/content\/resume\.json: basics\.email: must match format "email"/);
    } finally {
      await writeFile(file, good);
    }
  });
});

describe("a mistake in site.config.ts fails the build with `site.config.ts: field: reason` and writes nothing", REBUILDS, () => {
  /** Every file under the build's folders, by path, with its bytes. */
  const files = async () => {
    const all = await Promise.all(
      [outDir, publicDir].map(async (dir) =>
        (await readdir(dir, { recursive: true, withFileTypes: true }))
          .filter((d) => d.isFile())
          .map((d) => path.join(d.parentPath, d.name)),
      ),
    );
    return Object.fromEntries(await Promise.all(all.flat().map(async (f) => [f, (await readFile(f)).toString("base64")] as const)));
  };
  afterEach(() => {
    vi.doUnmock("@/site.config");
    vi.resetModules();
  });

  it("a menu link whose href is a number (it used to stop the build midway, after corpus.json was rewritten)", async () => {
    await buildSite({ contentDir, outDir, publicDir, pdf: false, askModel: false });
    const before = await files();
    const bad = { ...siteConfig, nav: siteConfig.nav.map((l, i) => (i === 5 ? { ...l, href: 42 } : l)) };
    // Fresh modules, so every one the build loads reads the edited config.
    vi.resetModules();
    vi.doMock("@/site.config", () => ({ siteConfig: bad }));
    const { buildSite: build } = await import("@/scripts/build/site");
    const { ContentError: BuildError } = await import("@/lib/content/load");
    let photosBuilt = false;
    const err = await build({
      contentDir,
      outDir,
      publicDir,
      pdf: false,
      askModel: false,
      photos: async () => {
        photosBuilt = true;
        return path.join(outDir, "photos.json");
      },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BuildError);
    expect((err as ContentError).problems).toEqual(["site.config.ts: nav[5].href: must be a string, not a number"]);
    expect(photosBuilt).toBe(false);
    expect(await files()).toEqual(before);
  });
});

describe(
  "the live features (lib/features): every feature's pages are built, and the build records what the server decides with",
  REBUILDS,
  () => {
    afterEach(() => {
      vi.doUnmock("@/site.config");
      vi.resetModules();
    });
    /** buildSite as a site.config.ts with these changes builds, in the environment given. */
    async function buildWith(change: Record<string, unknown>, vars: Record<string, string> = {}, log?: (l: string) => void) {
      vi.resetModules();
      vi.doMock("@/site.config", () => ({ siteConfig: { ...siteConfig, ...change } }));
      const saved = { ...process.env };
      Object.assign(process.env, vars);
      try {
        const { buildSite: build } = await import("@/scripts/build/site");
        return await build({ contentDir, outDir, publicDir, pdf: false, askModel: false, log }).catch((e: unknown) => e);
      } finally {
        for (const k of Object.keys(vars)) if (saved[k] === undefined) delete process.env[k];
      }
    }

    it("records the settings, each feature's pages (a utility by the endpoint it documents) and prints what this environment decides", async () => {
      const lines: string[] = [];
      await buildSite({ contentDir, outDir, publicDir, pdf: false, askModel: false, log: (l) => lines.push(l) });
      // With what this build decided, which `next build` prerenders with (the test's environment has none of what they need).
      expect(JSON.parse(await read("features.json"))).toEqual({
        settings: { nowPlaying: "auto", coffee: "auto", ledger: "auto", around: "auto", census: "auto" },
        built: { off: ["around", "census", "coffee", "ledger", "nowPlaying"] },
      });
      expect(JSON.parse(await read("paths.json")).features).toEqual({
        "/rn": "nowPlaying",
        "/coffee": "coffee",
        "/ledger": "ledger",
        "/around": "around",
        "/lens/census": "census",
      });
      expect(lines).toContain("    off  Coffee slots (/coffee): auto, needs a calendar feed (COFFEE_ICS_URL)");
      // A utility documenting a feature's endpoint belongs to it; the fixture's documents /search.json, which is no feature's.
      const echo = path.join(contentDir, "utilities", "echo.md");
      const good = await readFile(echo, "utf8");
      await writeFile(echo, good.replace("endpoint: /search.json", "endpoint: /coffee/availability.json"));
      try {
        await buildSite({ contentDir, outDir, publicDir, pdf: false, askModel: false });
        expect(JSON.parse(await read("paths.json")).features["/utilities/echo"]).toBe("coffee");
        expect((JSON.parse(await read("corpus.json")) as Corpus).docs.find((d) => d.url === "/utilities/echo")!.feature).toBe("coffee");
      } finally {
        await writeFile(echo, good);
      }
      await buildSite({ contentDir, outDir, publicDir, pdf: false, askModel: false });
    });

    it("stops on a feature turned on (true) without what it needs, with one line naming the setting, and builds with it", async () => {
      const err = await buildWith({ features: { coffee: true } });
      expect(err).toBeInstanceOf(Error);
      expect((err as ContentError).problems).toEqual([
        'site.config.ts: features.coffee is true, but Coffee slots (/coffee) needs a calendar feed (COFFEE_ICS_URL): set it, or make the feature "auto"',
      ]);
      expect(await buildWith({ features: { coffee: true } }, { COFFEE_ICS_URL: "https://calendar.example/feed.ics" })).not.toBeInstanceOf(
        Error,
      );
      expect(JSON.parse(await read("features.json")).settings.coffee).toBe(true);
    });

    it('refuses a menu or footer link to a page of an "auto" feature (prerendered pages cannot know it), and takes it when true', async () => {
      const footer: { label: string; href: string }[] = [...siteConfig.footer, { label: "Coffee", href: "/coffee" }];
      const err = await buildWith({ footer });
      expect((err as ContentError).problems).toEqual([
        `site.config.ts: footer[${footer.length - 1}].href: /coffee is a page of features.coffee, which is "auto" (on or off when the server starts): set it to true to list the page here, or leave it to the home page, which lists it while it is on`,
      ]);
      expect(
        await buildWith({ footer, features: { coffee: true } }, { COFFEE_ICS_URL: "https://calendar.example/feed.ics" }),
      ).not.toBeInstanceOf(Error);
      // Turned off, the link goes from every page like any link to a page the build does not have.
      const lines: string[] = [];
      expect(await buildWith({ footer, features: { coffee: false } }, {}, (l) => lines.push(l))).not.toBeInstanceOf(Error);
      expect(lines).toContain('  site.config.ts footer: /coffee ("Coffee") is not a page of this build, so no page links to it');
    });

    it("names a link in the content to a page of a feature that may be off", async () => {
      const about = path.join(contentDir, "pages", "about.md");
      const good = await readFile(about, "utf8");
      await writeFile(about, `${good}\nBook a [coffee](/coffee).\n`);
      try {
        const lines: string[] = [];
        expect(await buildWith({}, {}, (l) => lines.push(l))).not.toBeInstanceOf(Error);
        expect(lines.filter((l) => l.includes("link /coffee"))).toEqual([
          expect.stringMatching(
            /^ {2}content\/pages\/about\.md:\d+: link \/coffee: a page of features\.coffee, which is "auto": a 404 whenever the server starts without what it needs/,
          ),
        ]);
        lines.length = 0;
        await buildWith({ features: { coffee: false } }, {}, (l) => lines.push(l));
        expect(lines.filter((l) => l.includes("link /coffee"))).toEqual([
          expect.stringMatching(/link \/coffee: a page of features\.coffee, which is turned off in site\.config\.ts$/),
        ]);
      } finally {
        await writeFile(about, good);
      }
      await buildSite({ contentDir, outDir, publicDir, pdf: false, askModel: false });
    });
  },
);

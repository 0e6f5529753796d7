import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  brokenLinks,
  documentIds,
  fileLinks,
  linesBefore,
  linkWarnings,
  publicFiles,
  siteLinks,
  type LinkTargets,
} from "@/scripts/build/link-check";

const targets: LinkTargets = {
  docs: new Map([
    ["/about", new Set(["where-i-started", "user-content-fn-1"])],
    ["/writing/p99", new Set<string>()],
  ]),
  served: new Set(["/", "/developers", "/writing", "/openapi.json", "/search.json", "/resume.md", "/photos/hill"]),
  isFile: (p) => p === "/generated/photos/hill-abc-small.jpg" || p === "/images/café.jpg",
};
const broken = (md: string) => brokenLinks(siteLinks(md), targets).map((b) => `${b.line}: ${b.kind} ${b.url}: ${b.reason}`);

describe("siteLinks", () => {
  it("finds links, images and definitions to site paths (with {{base}}), not external ones, in-page fragments, relative paths or code", () => {
    const md = [
      "[a](/about) [b](https://example.com/x) [c](mailto:x@example.com) [d](//cdn.example.com/x) [e](#top) [f](other.md)",
      "",
      "![img](/images/x.jpg) and `[not](/in/code)`",
      "",
      "```",
      "[not](/in/a/block)",
      "```",
      "",
      '<a href="/raw/html">raw</a> [g]({{base}}/search.json?q=x) [h]({{base}})',
      "",
      "[ref]: /writing/p99",
    ].join("\n");
    expect(siteLinks(md)).toEqual([
      { kind: "link", url: "/about", line: 1 },
      { kind: "image", url: "/images/x.jpg", line: 3 },
      { kind: "link", url: "{{base}}/search.json?q=x", line: 9 },
      { kind: "link", url: "{{base}}", line: 9 },
      { kind: "link definition", url: "/writing/p99", line: 11 },
    ]);
  });
});

describe("brokenLinks", () => {
  it("passes content pages, served pages and files, twins, photo renditions and public files, however written", () => {
    const md = [
      "[a](/about) [b](/about/) [c](/writing/p99?ref=x) [d](/developers) [e](/openapi.json) [f]({{base}}/search.json?q=x)",
      "[g](/about.md) [h](/index.md) [i](/writing/p99.md) [j](/resume.md) [k](/photos/hill) [l]({{base}})",
      "![m](/generated/photos/hill-abc-small.jpg) ![n](/images/caf%C3%A9.jpg) [o](/writing/../about)",
      "[p](/about#where-i-started) [q](/about#user-content-fn-1) [r](/about#) [s](/developers#anything) [t](/writing#x)",
    ].join("\n");
    expect(broken(md)).toEqual([]);
  });

  it("names a path nothing serves, a missing image, a twin of no page and a fragment a document lacks", () => {
    const md = [
      "[a](/writing/p99-is-a-feature) [b](/garage/no-such-note)",
      "![c](/images/not-there.jpg)",
      "[d](/about#no-such-section) [e](/writing/p99#intro) [f](/speaking.md)",
      "[g]({{base}}/nope.json)",
      "",
      "[ref]: /gone",
    ].join("\n");
    expect(broken(md)).toEqual([
      "1: link /writing/p99-is-a-feature: no page or file of this build has that path",
      "1: link /garage/no-such-note: no page or file of this build has that path",
      "2: image /images/not-there.jpg: no such file in public/",
      "3: link /about#no-such-section: /about has no section #no-such-section",
      "3: link /writing/p99#intro: /writing/p99 has no section #intro",
      "3: link /speaking.md: no page or file of this build has that path",
      "4: link {{base}}/nope.json: no page or file of this build has that path",
      "6: link definition /gone: no page or file of this build has that path",
    ]);
  });

  it("compares a percent-encoded fragment decoded", () => {
    const t = { ...targets, docs: new Map([["/about", new Set(["café"])]]) };
    expect(brokenLinks(siteLinks("[a](/about#caf%C3%A9) [b](/about#cafe)"), t).map((b) => b.url)).toEqual(["/about#cafe"]);
  });
});

describe("linkWarnings", () => {
  it("names the line of the file, front matter counted", () => {
    const raw = "---\ntitle: X\ndescription: Y\n---\n\nFirst line.\n\nSee [gone](/gone).\n";
    const body = "First line.\n\nSee [gone](/gone).";
    expect(linesBefore(raw, body)).toBe(5);
    expect(linkWarnings([{ source: "writing/x.md", links: fileLinks(raw, body) }], targets)).toEqual([
      "content/writing/x.md:8: link /gone: no page or file of this build has that path",
    ]);
  });

  it("reads a document's ids from its headings and its body's anchors", () => {
    const ids = documentIds({
      headings: [{ depth: 2, text: "Intro", id: "intro" }],
      html: '<p><a id="user-content-x"></a><sup id="fnref-1">1</sup></p>',
    });
    expect([...ids].sort()).toEqual(["fnref-1", "intro", "user-content-x"]);
  });
});

describe("publicFiles", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "link-check-"));
    await mkdir(path.join(dir, "public/generated/photos"), { recursive: true });
    await mkdir(path.join(dir, "public/images"), { recursive: true });
    await writeFile(path.join(dir, "public/generated/photos/a.jpg"), "x");
    await writeFile(path.join(dir, "public/images/b.jpg"), "x");
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("finds /generated/ in the build's folder and the rest in public/, files only", () => {
    const isFile = publicFiles({ generated: path.join(dir, "public/generated"), root: path.join(dir, "public") });
    expect(isFile("/generated/photos/a.jpg")).toBe(true);
    expect(isFile("/images/b.jpg")).toBe(true);
    expect(isFile("/images")).toBe(false);
    expect(isFile("/images/c.jpg")).toBe(false);
    // Without public/ only what the build writes is known.
    expect(publicFiles({ generated: path.join(dir, "public/generated") })("/images/b.jpg")).toBe(false);
  });
});

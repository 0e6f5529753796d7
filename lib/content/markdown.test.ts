import { describe, expect, it } from "vitest";
import { withBase, withoutBase } from "./base-token";
import { absoluteLinks, renderMarkdown } from "./markdown";
import { standingDocs, twinHead } from "./standing";

describe("renderMarkdown's plain text", () => {
  it("reads a table as one sentence per row", async () => {
    const { text } = await renderMarkdown(
      "| category | item | notes |\n|---|---|---|\n| laptop | 14-inch laptop | three years old |\n| mouse | wired |  |\n",
    );
    expect(text).toBe("category: item; notes. laptop: 14-inch laptop; three years old. mouse: wired.");
  });

  it("ends each list item as a sentence, keeping its own stop", async () => {
    const { text } = await renderMarkdown("- first thing\n- second thing!\n- third: with a colon\n");
    expect(text).toBe("first thing. second thing! third: with a colon.");
  });
});

describe("HTML in a body", () => {
  const body = [
    "<details><summary>Click to expand</summary>Hidden detail text.</details>",
    "",
    "H<sub>2</sub>O and x<sup>2</sup>, press <kbd>Ctrl</kbd>.",
    "",
    '<img src="/generated/photos/x.jpg" alt="inline image" onerror="alert(1)" style="width:9px">',
    "",
    '<script>alert("body")</script>',
    "",
    "<style>body{display:none}</style>",
    "",
    '<iframe src="https://www.youtube.com/embed/xyz"></iframe>',
    "",
    '<a href="javascript:alert(1)">bad link</a> and <a href="/writing">good link</a>',
  ].join("\n");

  it("keeps what GitHub keeps, with the text inside it", async () => {
    const { html } = await renderMarkdown(body);
    expect(html).toContain("<details><summary>Click to expand</summary>Hidden detail text.</details>");
    expect(html).toContain("H<sub>2</sub>O and x<sup>2</sup>, press <kbd>Ctrl</kbd>.");
    expect(html).toContain('<img src="/generated/photos/x.jpg" alt="inline image">');
    expect(html).toContain('<a href="/writing">good link</a>');
  });

  it("keeps every footnote link pointing at an element that exists", async () => {
    const { html } = await renderMarkdown('Text with a note.[^1]\n\n[^1]: The note.\n\n<a id="top">anchor</a> [back up](#top)\n');
    const ids = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
    const targets = [...html.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
    expect(targets.length).toBeGreaterThanOrEqual(2);
    expect(targets.filter((t) => !ids.has(t))).toEqual([]);
    // The body's own ids carry GitHub's prefix, so none can clobber the page's globals.
    expect(ids.has("user-content-top")).toBe(true);
  });

  it("links to an id of the body follow its prefix, and heading anchors keep their plain ids", async () => {
    const { html } = await renderMarkdown('## Setup\n\n<a id="top"></a>\n\n[up](#top) and [setup](#setup)\n');
    expect(html).toContain('<h2 id="setup">');
    expect(html).toContain('<a href="#user-content-top">up</a> and <a href="#setup">setup</a>');
    // A broken percent-encoding in a fragment is the owner's typo, not a failed build.
    expect((await renderMarkdown('<a href="#%zz">odd</a>\n')).html).toContain('<a href="#%zz">odd</a>');
  });

  it("drops scripts, frames, inline styles, event handlers and javascript: links", async () => {
    const { html } = await renderMarkdown(body);
    for (const bad of ["<script", "alert(", "<style", "display:none", "<iframe", "onerror", "style=", "javascript:"])
      expect(html).not.toContain(bad);
  });

  it("gives search and /ask its words, not its tags or a script's code", async () => {
    const { text } = await renderMarkdown(body);
    expect(text).toContain("Click to expand Hidden detail text.");
    expect(text).toContain("H2O and x2, press Ctrl.");
    expect(text).not.toMatch(/alert|<|script/);
  });
});

describe("renderMarkdown's heading outline", () => {
  it("gives each heading the id the page carries, however the page's other headings were written", async () => {
    const { html, headings } = await renderMarkdown(
      '<h2>Intro</h2>\n\ntext\n\n## Intro\n\n> ## Quoted\n\n## Quoted\n\n<h3 id="x">Own id</h3>\n\n## Own `id` [link](/x)\n',
    );
    expect(headings).toEqual([
      { depth: 2, text: "Intro", id: "intro" },
      { depth: 2, text: "Intro", id: "intro-1" },
      { depth: 2, text: "Quoted", id: "quoted" },
      { depth: 2, text: "Quoted", id: "quoted-1" },
      { depth: 3, text: "Own id", id: "user-content-x" },
      { depth: 2, text: "Own id link", id: "own-id-link" },
    ]);
    const ids = [...html.matchAll(/<h([1-6]) id="([^"]+)"/g)].map((m) => m[2]);
    expect(headings.map((h) => h.id)).toEqual(ids);
  });
});

describe("absoluteLinks", () => {
  it("makes site-relative links, images and definitions absolute, and leaves everything else as written", () => {
    // [as written, as a twin carries it]; one string where nothing may change.
    const lines: (string | [string, string])[] = [
      [
        'See [my résumé](/resume) and [guide](</developers> "Guide"), ![p](/generated/x.jpg).',
        'See [my résumé]({{base}}/resume) and [guide](<{{base}}/developers> "Guide"), ![p]({{base}}/generated/x.jpg).',
      ],
      'Already [abs](https://x.example/a), [frag](#top), [proto](//cdn.example/x), <a href="/raw">raw</a>.',
      "`[code](/not)` and",
      "",
      "```",
      "[fenced](/not)",
      "```",
      "",
      [
        "[Nested [brackets]](/writing), [twice](/a) [twice](/a) and [by reference][ref].",
        "[Nested [brackets]]({{base}}/writing), [twice]({{base}}/a) [twice]({{base}}/a) and [by reference][ref].",
      ],
      "",
      ["[ref]: /garage", "[ref]: {{base}}/garage"],
    ];
    const side = (i: 0 | 1) => lines.map((l) => (typeof l === "string" ? l : l[i])).join("\n");
    expect(absoluteLinks(side(0), "{{base}}")).toBe(side(1));
  });
});

describe("standing pages", () => {
  it("rank a twin's body without its title and summary line, and without the base URL token", async () => {
    const [doc] = await standingDocs([
      {
        url: "/photos/x",
        title: "Harbour at dusk",
        description: "Cranes against an orange sky.",
        aliases: ["dock picture"],
        markdown:
          "# Harbour at dusk\n\n> Cranes against an orange sky.\n\nSee {{base}}/openapi.json\n\n## Recipe\n\n| Setting | Value |\n|---|---|\n| Film Simulation | Classic Chrome |\n",
      },
    ]);
    expect(doc).toMatchObject({
      url: "/photos/x",
      kind: "page",
      collection: "pages",
      aliases: ["dock picture"],
      source: "generated:/photos/x",
    });
    expect(doc.text).toBe("See /openapi.json\n\nRecipe\n\nSetting: Value. Film Simulation: Classic Chrome.");
    expect(doc.headings.map((h) => h.text)).toEqual(["Recipe"]);
  });

  it("fall back to the description when there is no twin", async () => {
    const [doc] = await standingDocs([{ url: "/coffee", title: "Coffee", description: "Open slots." }]);
    expect(doc.text).toBe("Open slots.");
    expect(doc.slug).toBe("coffee");
  });

  it("read a twin's title and summary", () => {
    expect(twinHead("# T\n\n> S\n\nbody")).toEqual({ title: "T", summary: "S" });
    expect(twinHead("no heading")).toEqual({ title: undefined, summary: undefined });
  });
});

describe("the {{base}} token in a body", () => {
  it("becomes the site's address in the HTML's links, images and code alike, and nothing in search text", async () => {
    const r = await renderMarkdown(
      "See [search]({{base}}/search.json) and ![card]({{base}}/generated/x.png).\n\n```sh\ncurl '{{base}}/search.json?q=a&limit=5'\n```",
    );
    const html = withBase(r.html, "https://s.test");
    expect(html).toContain('href="https://s.test/search.json"');
    expect(html).toContain('src="https://s.test/generated/x.png"');
    expect(html).toContain("curl 'https://s.test/search.json?q=a&#x26;limit=5'");
    expect(html).not.toMatch(/base|%7B/);
    expect(withoutBase(r.text)).toContain("curl '/search.json?q=a&limit=5'");
  });
});

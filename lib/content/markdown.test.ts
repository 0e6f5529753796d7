import { describe, expect, it } from "vitest";
import { withBase, withoutBase } from "./base-token";
import { absoluteLinks, galleryImageLinks, renderMarkdown } from "./markdown";
import type { GalleryPhoto } from "./types";
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

describe("a gallery photo placed in a body (`![alt](/photos/<stem>)`)", () => {
  const pier: GalleryPhoto = {
    href: "/photos/pier",
    title: "Pier 44, <January>",
    caption: 'Ice on the "pilings".',
    note: "Classic Chrome",
    width: 1200,
    height: 800,
    src: "/g/pier.jpg",
    srcset: "/g/pier-s.jpg 640w, /g/pier.jpg 1200w",
    avifSrcset: "/g/pier.avif 1200w",
  };
  const photo = (stem: string) => (stem === "pier" ? pier : undefined);
  const imgs = (html: string) => [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);

  it("is a figure: the photo's files, its size, its caption as alt, linked to its page, its title beneath", async () => {
    const { html } = await renderMarkdown("Before.\n\n![](/photos/pier)\n", { photo });
    expect(html).toMatch(/<figure class="photo-embed photo-embed-landscape"><a href="\/photos\/pier" class="photo-embed-link"><picture/);
    expect(html).toContain('<source type="image/avif" srcset="/g/pier.avif 1200w"');
    const [img] = imgs(html);
    expect(img).toContain('src="/g/pier.jpg"');
    expect(img).toContain('width="1200" height="800"');
    expect(img).toContain('alt="Ice on the &#x22;pilings&#x22;."');
    expect(img).toContain('loading="lazy"');
    expect(html).toContain(
      '<figcaption><a href="/photos/pier">Pier 44, &#x3C;January></a> <span class="photo-embed-note">Classic Chrome</span>',
    );
  });

  it("takes the alt the Markdown gives; several in one paragraph stand side by side", async () => {
    const { html } = await renderMarkdown("![A pier in ice](/photos/pier)\n![](/photos/pier)\n", { photo });
    expect(html).toMatch(/^<div class="photo-row"><figure/);
    expect(imgs(html).map((i) => /alt="([^"]*)"/.exec(i)?.[1])).toEqual(["A pier in ice", "Ice on the &#x22;pilings&#x22;."]);
  });

  it("is a link to its page where the gallery does not have it, or in running text", async () => {
    expect((await renderMarkdown("![](/photos/gone)\n", { photo })).html).toBe(
      '<figure class="photo-embed"><a href="/photos/gone">gone</a></figure>',
    );
    expect((await renderMarkdown("![The pier](/photos/pier)\n")).html).toBe(
      '<figure class="photo-embed"><a href="/photos/pier">The pier</a></figure>',
    );
    expect((await renderMarkdown("See ![](/photos/pier) here.\n", { photo })).html).toBe(
      '<p>See <a href="/photos/pier">Pier 44, &#x3C;January></a> here.</p>',
    );
    // Another image, or a photo's page linked in words, is left as written.
    expect((await renderMarkdown("![x](/generated/x.png)\n", { photo })).html).toBe('<p><img src="/generated/x.png" alt="x"></p>');
  });

  it("is, in the twin's Markdown, the photo's file linked to its page (a link in running text)", () => {
    expect(galleryImageLinks("Text.\n\n![](/photos/pier)\n![](/photos/gone)\n\nSee ![x](/photos/pier).\n", photo)).toBe(
      'Text.\n\n[![Ice on the "pilings".](/g/pier.jpg "Pier 44, <January>")](/photos/pier)\n![](/photos/gone)\n\nSee [x](/photos/pier).\n',
    );
    expect(absoluteLinks(galleryImageLinks("![[a]](/photos/pier)\n", photo), "{{base}}")).toBe(
      '[![\\[a\\]]({{base}}/g/pier.jpg "Pier 44, <January>")]({{base}}/photos/pier)\n',
    );
  });
});

describe("the prose of a body", () => {
  it("is its text without code blocks; inline code stays part of its sentence", async () => {
    const r = await renderMarkdown("Run `npm test` first.\n\n```sh\ncurl -s https://x.test/search.json\n```\n\n- then this\n");
    expect(r.text).toBe("Run npm test first.\n\ncurl -s https://x.test/search.json\n\nthen this.");
    expect(r.prose).toBe("Run npm test first.\n\nthen this.");
  });
});

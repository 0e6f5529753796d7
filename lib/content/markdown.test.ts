import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown";
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

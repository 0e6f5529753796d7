import { describe, expect, it } from "vitest";
import type { Doc } from "@/lib/content/types";
import { COLLECTIONS, INDEXED_COLLECTIONS } from "@/lib/content/collections";
import { footerLinks, menuWithCollections, unlistedCollections, unlistedPages, type ChromeLink } from "./chrome-links";
import { siteConfig } from "@/site.config";

const doc = (collection: Doc["collection"], slug: string, title: string, order?: number) =>
  ({
    collection,
    slug,
    title,
    url: collection === "pages" ? `/${slug}` : `/${collection}/${slug}`,
    ...(order === undefined ? {} : { order }),
  }) as Doc;

describe("unlistedPages", () => {
  const chrome = { nav: [{ label: "About", href: "/about" }], footer: [{ label: "Now", href: "/now/" }] };

  it("gives the content pages neither the menu nor the footer lists, by order then title", () => {
    const docs = [
      doc("pages", "about", "About", 10),
      doc("pages", "zines", "Zines"),
      doc("pages", "projects", "Projects", 15),
      doc("pages", "art", "Art"),
    ];
    expect(unlistedPages(docs, chrome)).toEqual([
      { label: "Projects", href: "/projects" },
      { label: "Art", href: "/art" },
      { label: "Zines", href: "/zines" },
    ]);
  });

  it("leaves out pages listed under another spelling of their path, and documents and posts", () => {
    expect(
      unlistedPages([doc("pages", "now", "Now"), doc("writing", "a-post", "A post"), doc("documents", "policy", "Policy")], chrome),
    ).toEqual([]);
  });

  it("puts them in the footer after the footer's own links that lead somewhere", () => {
    const links = footerLinks([doc("pages", "projects", "Projects", 15)]);
    expect(links.at(-1)).toEqual({ label: "Projects", href: "/projects" });
    expect(links.slice(0, -1).every((l) => (siteConfig.footer as readonly ChromeLink[]).includes(l))).toBe(true);
  });
});

describe("the collections' own links (lib/content/collections.ts index.link)", () => {
  const inNav = INDEXED_COLLECTIONS.filter((c) => COLLECTIONS[c].index.link?.in === "nav");
  const navOf = (c: (typeof INDEXED_COLLECTIONS)[number]) => ({
    label: (COLLECTIONS[c].index.link as { label?: string }).label ?? COLLECTIONS[c].label,
    href: COLLECTIONS[c].base,
  });

  it("the shipped menu lists every collection declared in it, once", () => {
    const hrefs = menuWithCollections().map((l) => l.href);
    for (const c of inNav)
      expect(
        hrefs.filter((h) => h === COLLECTIONS[c].base),
        c,
      ).toHaveLength(1);
  });

  it("lead a menu that lists no collection, and follow the last one a menu lists", () => {
    const about = { label: "About", href: "/about" };
    expect(menuWithCollections({ nav: [about], footer: [] })).toEqual([...inNav.map(navOf), about]);
    const [first, ...others] = inNav;
    expect(menuWithCollections({ nav: [about, { label: "Mine", href: `${COLLECTIONS[first].base}/` }], footer: [] })).toEqual([
      about,
      { label: "Mine", href: `${COLLECTIONS[first].base}/` },
      ...others.map(navOf),
    ]);
  });

  it("are left out where site.config.ts lists them, in either list", () => {
    const everywhere = INDEXED_COLLECTIONS.map((c) => ({ label: c, href: COLLECTIONS[c].base }));
    expect(unlistedCollections("nav", { nav: [], footer: everywhere })).toEqual([]);
    expect(unlistedCollections("footer", { nav: everywhere, footer: [] })).toEqual([]);
    expect(unlistedCollections("footer", { nav: [], footer: [] }).map((l) => l.href)).toEqual(
      INDEXED_COLLECTIONS.filter((c) => COLLECTIONS[c].index.link?.in === "footer").map((c) => COLLECTIONS[c].base),
    );
  });
});

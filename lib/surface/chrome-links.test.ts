import { describe, expect, it } from "vitest";
import type { Doc } from "@/lib/content/types";
import { footerLinks, unlistedPages, type ChromeLink } from "./chrome-links";
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

import * as cheerio from "cheerio";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { httpRequest } from "./helpers/http";
import { appWithUpstreams } from "./helpers/app";
import { call } from "./helpers/openapi";
import { siteConfig } from "@/site.config";

/**
 * What every page's head and chrome promise, over real HTTP against the built app: the
 * feeds advertised, a share image of the declared size that exists, the icons, the menu
 * marking where the visitor is, and every page reachable from the menu, the footer or the home page.
 * Every live feature is on (its services on loopback), so its pages are among them.
 */
const app = appWithUpstreams();
const ACCEPT = { accept: "text/html" };

async function page(path: string) {
  const r = await call(app.contract, app.server.base, path, { headers: ACCEPT });
  expect(r.status, path).toBe(200);
  expect(r.headers.get("content-type"), path).toMatch(/^text\/html/);
  return cheerio.load(r.text);
}

/** One page of each type. */
const PAGES = [
  "/",
  "/writing",
  "/writing/markdown-twins",
  "/garage",
  "/garage/cb400f-carb-sync",
  "/documents",
  "/documents/press-kit",
  "/utilities",
  "/utilities/search",
  "/about",
  "/faq",
  "/resume",
  "/search",
  "/search?q=carburettor",
  "/photos",
  "/developers",
  "/lens",
  "/around",
  "/ledger",
  "/coffee",
];

async function firstPhotoPath(): Promise<string> {
  const r = await call(app.contract, app.server.base, "/images/manifest.json");
  const body = r.body as { photos: { stem: string }[] };
  return `/photos/${body.photos[0].stem}`;
}

describe("every page's head", () => {
  it.each(PAGES)("%s advertises the feeds and has a share image of the declared size", async (path) => {
    const $ = await page(path);
    expect($('link[rel="alternate"][type="application/atom+xml"]').attr("href"), path).toMatch(/\/feed\.xml$/);
    expect($('link[rel="alternate"][type="application/feed+json"]').attr("href"), path).toMatch(/\/feed\.json$/);
    expect($('meta[name="twitter:card"]').attr("content"), path).toBe("summary_large_image");
    const image = $('meta[property="og:image"]').attr("content");
    expect(image, path).toBeTruthy();
    expect($('meta[name="twitter:image"]').attr("content"), path).toBe(image);
    const width = Number($('meta[property="og:image:width"]').attr("content"));
    const height = Number($('meta[property="og:image:height"]').attr("content"));
    expect([width, height], path).toEqual([1200, 630]);
    expect($('meta[property="og:image:alt"]').attr("content"), path).toBeTruthy();
    // A card of its own: the page's path names the file (the home card is the fallback).
    const pathname = new URL(path, "http://x").pathname;
    expect(new URL(image!).pathname, path).toBe(pathname === "/" ? "/generated/og/index.png" : `/generated/og${pathname}.png`);
    const res = await httpRequest(`${app.server.base}${new URL(image!).pathname}`);
    expect(res.status, image).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    const bytes = await fetch(`${app.server.base}${new URL(image!).pathname}`).then((r) => r.arrayBuffer());
    const meta = await sharp(Buffer.from(bytes)).metadata();
    expect([meta.width, meta.height], image).toEqual([width, height]);
  });

  it("a photo page shares its photo, at its real size", async () => {
    const path = await firstPhotoPath();
    const $ = await page(path);
    const image = new URL($('meta[property="og:image"]').attr("content")!).pathname;
    expect(image).toMatch(/^\/generated\/photos\/.+\.jpg$/);
    expect($('meta[name="twitter:card"]').attr("content")).toBe("summary_large_image");
    const bytes = await fetch(`${app.server.base}${image}`).then((r) => r.arrayBuffer());
    const meta = await sharp(Buffer.from(bytes)).metadata();
    expect([meta.width, meta.height]).toEqual([
      Number($('meta[property="og:image:width"]').attr("content")),
      Number($('meta[property="og:image:height"]').attr("content")),
    ]);
  });

  it("/favicon.ico is an icon with 16, 32 and 48 px images; the Apple touch icon is 180 px", async () => {
    const res = await fetch(`${app.server.base}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    const ico = Buffer.from(await res.arrayBuffer());
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const sizes = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => ico[6 + i * 16]);
    expect(sizes).toEqual([16, 32, 48]);
    const $ = await page("/writing");
    expect($('link[rel="icon"][href^="/favicon.ico"]').length).toBe(1);
    const apple = $('link[rel="apple-touch-icon"]').attr("href")!;
    expect(apple).toBeTruthy();
    const png = await fetch(new URL(apple, app.server.base)).then(async (r) => {
      expect(r.status).toBe(200);
      expect(r.headers.get("content-type")).toBe("image/png");
      return Buffer.from(await r.arrayBuffer());
    });
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([180, 180, false]);
  });
});

describe("navigation", () => {
  // The menu is written twice, a row for wide screens and a folded one for phones (CSS shows
  // one): each must mark the same current page, once.
  const current = ($: cheerio.CheerioAPI) => {
    const marked = (scope: string) =>
      $(scope)
        .find('[aria-current="page"]')
        .map((_, a) => $(a).attr("href"))
        .get();
    const wide = [...marked(".nav-wide"), ...marked("main"), ...marked("footer")];
    const phone = marked(".nav-phone");
    expect(new Set([...phone].filter((h) => !wide.includes(h))), "the phone menu marks a page the wide one does not").toEqual(new Set());
    expect($('[aria-current="page"]').length).toBe(wide.length + phone.length);
    return wide;
  };

  it.each([
    ["/", []],
    ["/writing", ["/writing"]],
    ["/writing/markdown-twins", ["/writing"]],
    ["/garage/cb400f-carb-sync", ["/garage"]],
    ["/search?q=espresso", ["/search"]],
    ["/developers", ["/developers"]],
    ["/faq", ["/faq"]],
    ["/documents/press-kit", ["/documents"]],
  ] as const)("%s marks %j as the current page", async (path, expected) => {
    expect(current(await page(path))).toEqual(expected);
  });

  it("a nested photo page marks Photos", async () => {
    expect(current(await page(await firstPhotoPath()))).toEqual(["/photos"]);
  });

  it("every page in the sitemap is in the menu, the footer or on the home page, or one click from a page that is", async () => {
    const sitemap = (await httpRequest(`${app.server.base}/sitemap.xml`)).text;
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    expect(paths.length).toBeGreaterThan(40);
    const $ = await page("/");
    const chrome = new Set(
      $('nav[aria-label="Main"] a, footer a, a.site-name')
        .map((_, a) => $(a).attr("href"))
        .get(),
    );
    for (const l of [...siteConfig.nav, ...siteConfig.footer]) expect(chrome.has(l.href), l.href).toBe(true);
    // The home page lists the live pages the footer leaves to it.
    $("main a").each((_, a) => void chrome.add($(a).attr("href") ?? ""));
    const sections = new Map<string, Set<string>>();
    for (const path of paths) {
      if (chrome.has(path)) continue;
      const parent = path.replace(/\/[^/]+$/, "") || "/";
      expect(chrome.has(parent), `${path}: neither it nor ${parent} is in the menu, the footer or on the home page`).toBe(true);
      if (!sections.has(parent)) {
        const $s = await page(parent);
        sections.set(
          parent,
          new Set(
            $s("main a")
              .map((_, a) => $s(a).attr("href"))
              .get(),
          ),
        );
      }
      expect(sections.get(parent)!.has(path), `${parent} links ${path}`).toBe(true);
    }
  });
});

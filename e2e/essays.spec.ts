import { expect, test, type Page } from "@playwright/test";
import { FILM_MODES, MONOCHROME_SIMULATIONS } from "../lib/photos/fujifilm-labels";
import { watchPage } from "./watch";

/**
 * The film simulations as a text names them, from the labels the photo pages show: a word the
 * camera abbreviates names it in full too ("Classic Neg." → "Classic Negative"), "Acros+R" is
 * "Acros". The Studio Portrait modes and the plain words (Standard, Monochrome, Sepia) name
 * nothing in particular.
 */
const FILM_NAMES = new RegExp(
  `\\b(${[
    ...new Set(
      [...Object.values(FILM_MODES), ...Object.values(MONOCHROME_SIMULATIONS)]
        .flatMap((l) => l.split("/"))
        .map((l) => l.replace(/\+.*$/, "").trim())
        .filter((l) => l && !/^(studio|standard|monochrome|sepia|soft|vivid)/i.test(l))
        .map((l) => (l.endsWith(".") ? `${l.slice(0, -1)}\\w*` : `${l}\\b`)),
    ),
  ].join("|")})`,
  "i",
);

/** Every essay and garage note, from their indexes. */
async function essays(page: Page): Promise<string[]> {
  const urls: string[] = [];
  for (const index of ["/writing", "/garage"]) {
    await page.goto(index);
    urls.push(...(await page.locator("main a.doc-link").evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname))));
  }
  return urls;
}

test("every essay or note whose words (not its code) name a film simulation or a photo show a photo of the gallery, in its page and its twin", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const problems = watchPage(page);
  const shown: string[] = [];
  for (const url of await essays(page)) {
    await page.goto(url);
    const prose = page.locator("main .prose");
    // Its words, not its code: a curl example filtering by `film=acros` talks about no picture.
    const text = await prose.evaluate((p) => {
      const copy = p.cloneNode(true) as HTMLElement;
      copy.querySelectorAll("pre").forEach((pre) => pre.remove());
      return copy.textContent ?? "";
    });
    const linksPhoto = (await prose.locator('a[href^="/photos/"]').count()) > 0;
    if (!FILM_NAMES.test(text) && !linksPhoto) continue;
    shown.push(url);
    const figures = prose.locator("figure.photo-embed");
    expect(await figures.count(), `${url} names ${FILM_NAMES.exec(text)?.[0] ?? "a photo"} but shows no photo`).toBeGreaterThan(0);
    for (const figure of await figures.all()) {
      const img = figure.locator("img");
      await img.scrollIntoViewIfNeeded();
      await expect(img).toHaveAttribute("alt", /\S{3,}/);
      await expect(img).toHaveAttribute("src", /^\/generated\/photos\//);
      await expect
        .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth), { message: `${url}: a photo loads` })
        .toBeGreaterThan(0);
      // It is a photo of the gallery: its link opens that photo's page, titled as the figure is.
      const href = await figure.locator("a.photo-embed-link").getAttribute("href");
      const title = await figure.locator("figcaption a").innerText();
      const photoPage = await request.get(href!);
      expect(photoPage.status(), href!).toBe(200);
      expect(await photoPage.text()).toContain(`<h1>${title.replace(/&/g, "&amp;")}</h1>`);
    }
    // The twin shows the same photos as images of their files, each linked to its page.
    const twin = await (await request.get(`${url}.md`)).text();
    expect(twin, `${url}.md`).toMatch(
      /\[!\[[^\]]+\]\(https?:\/\/[^)\s]+\/generated\/photos\/[^)\s]+\.jpg "[^"]+"\)\]\(https?:\/\/[^)]+\/photos\/[\w-]+\)/,
    );
  }
  // The demo's two photography essays at least: a test that checked none would prove nothing.
  expect(shown).toEqual(
    expect.arrayContaining(["/writing/classic-chrome-in-a-new-york-winter", "/writing/reala-ace-vs-classic-negative-harbour-light"]),
  );
  expect(problems).toEqual([]);
});

test("every tag is a link to a page that lists the page it was on, in HTML, in the twin and in the sitemap", async ({ page, request }) => {
  test.setTimeout(120_000);
  const problems = watchPage(page);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const lists = new Map<string, string[]>();
  let links = 0;
  for (const index of ["/writing", "/garage", "/documents", "/utilities"]) {
    await page.goto(index);
    for (const url of await page.locator("main a.doc-link").evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname))) {
      await page.goto(url);
      const tags = await page.locator('main ul[aria-label="Tags"] a').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
      for (const tag of tags) {
        links++;
        if (!lists.has(tag)) {
          const tagPage = await request.get(tag);
          expect(tagPage.status(), tag).toBe(200);
          const html = await tagPage.text();
          lists.set(
            tag,
            [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*class="doc-link"|<a class="doc-link" href="([^"]+)"/g)].map((m) => m[1] ?? m[2]),
          );
          expect(sitemap, `${tag} in the sitemap`).toContain(`${tag}</loc>`);
          const twin = await request.get(`${tag}.md`);
          expect(twin.status(), `${tag}.md`).toBe(200);
          lists.set(
            `${tag}.md`,
            [...(await twin.text()).matchAll(/\]\(https?:\/\/[^/)]+([^)]+)\.md\)/g)].map((m) => m[1]),
          );
        }
        expect(lists.get(tag), `${tag} lists ${url}`).toContain(url);
        expect(lists.get(`${tag}.md`), `${tag}.md lists ${url}`).toContain(url);
      }
    }
  }
  expect(links).toBeGreaterThan(20);
  // The tags index links every tag page, those of the pages outside the indexes too, and each lists something.
  await page.goto("/tags");
  const indexed = await page.locator("main a.tag").evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
  expect(indexed).toEqual(expect.arrayContaining([...lists.keys()].filter((k) => !k.endsWith(".md"))));
  for (const tag of indexed.filter((t) => !lists.has(t))) {
    await page.goto(tag);
    await expect(page.locator("main a.doc-link").first(), `${tag} lists a page`).toBeVisible();
  }
  expect(problems).toEqual([]);
});

test("previous and next walk each collection end to end, both ways, in its index's order", async ({ page, request }) => {
  test.setTimeout(120_000);
  const problems = watchPage(page);
  for (const [index, item] of [
    ["/writing", "main a.doc-link"],
    ["/garage", "main a.doc-link"],
    ["/photos", 'main a[href^="/photos/"]'],
  ] as const) {
    await page.goto(index);
    const order = [...new Set(await page.locator(item).evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname)))];
    expect(order.length, index).toBeGreaterThan(3);
    const walk = async (start: string, rel: "next" | "prev") => {
      const seen = [start];
      await page.goto(start);
      for (;;) {
        const link = page.locator(`nav.pager a[rel="${rel}"]`);
        if (!(await link.count())) return seen;
        const title = await link.locator(".pager-title").innerText();
        await link.click();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
        seen.push(new URL(page.url()).pathname);
        expect(seen.length, `${index}: the walk ends`).toBeLessThanOrEqual(order.length);
      }
    };
    expect(await walk(order[0], "next"), `${index}: Next from the first`).toEqual(order);
    expect(await walk(order.at(-1)!, "prev"), `${index}: Previous from the last`).toEqual([...order].reverse());
    // The twin names the same neighbours.
    const twin = await (await request.get(`${order[1]}.md`)).text();
    expect(twin).toMatch(new RegExp(`Previous: \\[[^\\]]+\\]\\(https?://[^)]+${order[0]}\\.md\\)`));
    expect(twin).toMatch(new RegExp(`Next: \\[[^\\]]+\\]\\(https?://[^)]+${order[2]}\\.md\\)`));
  }
  expect(problems).toEqual([]);
});

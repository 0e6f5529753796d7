import { expect, test } from "@playwright/test";
import { watchPage } from "./watch";

/**
 * No page scrolls sideways on a 390 px phone: one page of each type, the developer guide
 * (wide tables, long commands) among them. Screenshots at phone and desktop widths are kept
 * as artifacts (test-results/) for a person to look at.
 */
const PAGES: [string, string][] = [
  ["home", "/"],
  ["writing-index", "/writing"],
  ["writing-post", "/writing/markdown-twins"],
  ["garage-index", "/garage"],
  ["garage-note", "/garage/cb400f-carb-sync"],
  ["documents-index", "/documents"],
  ["document", "/documents/api-design-review-checklist"],
  ["utilities-index", "/utilities"],
  ["utility", "/utilities/search"],
  ["page", "/faq"],
  ["resume", "/resume"],
  ["search", "/search?q=rate+limits"],
  ["photos", "/photos"],
  ["developers", "/developers"],
  ["lens", "/lens"],
  ["around", "/around"],
  ["ledger", "/ledger"],
  ["not-found", "/no/such/page"],
];

for (const [name, width, height] of [
  ["phone", 390, 844],
  ["desktop", 1280, 900],
] as const) {
  test(`no page type scrolls sideways at ${width} px; screenshots`, async ({ browser }, info) => {
    // 19 pages in a row: more than the default 30 s when other work shares the machine.
    test.setTimeout(90_000);
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    const problems = watchPage(page);
    const paths = [...PAGES];
    // A photo page: the first one the gallery links.
    await page.goto("/photos");
    const photo = await page.locator('main a[href^="/photos/"]').first().getAttribute("href");
    paths.push(["photo", photo!]);
    for (const [label, path] of paths) {
      await page.goto(path);
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth, `${label} (${path}) at ${width} px is ${scrollWidth} px wide`).toBeLessThanOrEqual(innerWidth);
      // On a desktop the page uses its width: the main column is no 640 px strip.
      if (width >= 1280)
        expect(await page.locator("main").evaluate((m) => m.getBoundingClientRect().width), `${label} main column`).toBeGreaterThan(800);
      if (["developers", "search", "home", "photo", "page"].includes(label))
        await page.screenshot({ path: info.outputPath(`${label}-${name}.png`), fullPage: label === "developers" && name === "phone" });
    }
    expect(problems).toEqual([]);
    await context.close();
  });
}

test("the developer guide's contents lead to each section, and a table scrolls inside its box on a phone", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto("/developers");
  const toc = page.getByRole("navigation", { name: "Contents" });
  await expect(toc).toBeVisible();
  const links = toc.getByRole("link");
  expect(await links.count()).toBeGreaterThan(10);
  for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")!))) {
    expect(await page.locator(href).count(), href).toBe(1);
  }
  await toc.getByRole("link", { name: "Rate limits" }).click();
  await expect(page).toHaveURL(/#rate-limits$/);
  await expect(page.locator("#rate-limits")).toBeInViewport();
  // The widest parameter table is wider than the phone, and scrolls in its own box.
  const boxes = await page
    .locator('[role="region"][aria-label^="Parameters"]')
    .evaluateAll((els) => els.map((el) => ({ client: el.clientWidth, scroll: el.scrollWidth, overflow: getComputedStyle(el).overflowX })));
  expect(boxes.length).toBeGreaterThan(3);
  for (const b of boxes) {
    expect(b.overflow).toBe("auto");
    expect(b.client).toBeLessThanOrEqual(390);
  }
  await context.close();
});

test("the footer is for people: a handful of links, in two rows or fewer on a phone", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto("/about");
  const links = page.locator("footer a");
  expect(await links.count()).toBeLessThanOrEqual(10);
  // No machine endpoint among them: those are on the home page's "For machines" and /developers.
  for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")!)))
    expect(href, href).not.toMatch(/\.(json|xml|txt)$|^\/\.well-known\//);
  const rows = await links.evaluateAll((as) => new Set(as.map((a) => Math.round(a.getBoundingClientRect().top))).size);
  expect(rows).toBeLessThanOrEqual(2);
  await context.close();
});

test("on a phone, menu and footer links are 24 px targets and no date breaks across lines", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  for (const path of ["/", "/writing", "/garage"]) {
    await page.goto(path);
    const heights = await page
      .locator('nav[aria-label="Main"] a, footer a')
      .evaluateAll((as) => as.map((a) => a.getBoundingClientRect().height));
    for (const h of heights) expect(h, path).toBeGreaterThanOrEqual(24);
    const lines = await page.locator("main time").evaluateAll((ts) => ts.map((t) => [t.textContent, t.getClientRects().length] as const));
    expect(lines.length, path).toBeGreaterThan(0);
    for (const [text, n] of lines) expect(n, `${path}: "${text}"`).toBe(1);
  }
  await context.close();
});

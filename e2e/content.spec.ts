import { expect, test } from "@playwright/test";
import { watchPage } from "./watch";

test("home → writing → a post → its Markdown alternate", async ({ page, request }) => {
  const problems = watchPage(page);
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Writing" }).click();
  await expect(page).toHaveURL(/\/writing$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Writing");
  await page.getByRole("link", { name: "Markdown twins: serving pages to machines" }).click();
  await expect(page).toHaveURL(/\/writing\/markdown-twins$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Markdown twins: serving pages to machines");
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(ld["@type"]).toBe("BlogPosting");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/writing\/markdown-twins$/);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
  const alternate = await page.locator('link[rel="alternate"][type="text/markdown"]').getAttribute("href");
  expect(alternate).toMatch(/\/writing\/markdown-twins\.md$/);
  // Absolute with the build's SITE_URL (localhost:3000 by default): fetch its path from this server.
  const md = await request.get(new URL(alternate!).pathname);
  expect(md.headers()["content-type"]).toBe("text/markdown; charset=utf-8");
  expect(await md.text()).toMatch(/^# Markdown twins: serving pages to machines/);
  await page.waitForLoadState("networkidle");
  expect(problems).toEqual([]);
});

test("search works without JavaScript (server-rendered form)", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const problems = watchPage(page);
  await page.goto("/search");
  await page.getByLabel("Search the site").fill("carburetor");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\?q=carburetor/);
  await expect(page.locator(".search-results li").first()).toContainText("carburetors");
  expect(problems).toEqual([]);
  await context.close();
});

test("screenshots of home and a post at phone and desktop widths", async ({ browser }, info) => {
  for (const [name, width, height] of [
    ["phone", 390, 844],
    ["desktop", 1280, 900],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    const problems = watchPage(page);
    for (const [label, path] of [
      ["home", "/"],
      ["post", "/garage/cb400f-carb-sync"],
    ] as const) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${label} at ${name} scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: info.outputPath(`${label}-${name}.png`), fullPage: false });
    }
    expect(problems).toEqual([]);
    await context.close();
  }
});

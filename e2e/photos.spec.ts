import { expect, test } from "@playwright/test";
import { watchPage } from "./watch";

test("the gallery loads, filters narrow it, and a photo view shows its recipe", async ({ page }) => {
  const problems = watchPage(page);
  await page.goto("/photos");
  const cards = page.locator(".photo-grid li");
  await expect(cards).toHaveCount(12);
  const first = page.locator(".photo-grid img").first();
  await expect(first).toHaveJSProperty("complete", true);
  expect(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.avif$/);

  await page.getByLabel("Film simulation").selectOption("Acros+R");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/film=Acros/);
  await expect(cards).toHaveCount(1);

  await cards.first().getByRole("link").click();
  // The title comes from the caption, not the film simulation, which the recipe card carries.
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Acros+R");
  const recipe = page.getByRole("region", { name: "Recipe" });
  await expect(recipe.locator("dt", { hasText: "Film Simulation" })).toBeVisible();
  await expect(recipe.locator("dd", { hasText: "Acros+R" })).toBeVisible();
  await expect(recipe).toContainText("Grain Effect");
  await expect(page.getByRole("heading", { name: "Exposure" })).toBeVisible();
  await expect(page.locator("figcaption time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
  await expect(page.locator("figcaption time")).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
  await page.waitForLoadState("networkidle");
  expect(problems).toEqual([]);
});

test("a photo in the home page's strip opens that photo's page", async ({ page }) => {
  await page.goto("/");
  const link = page.locator(".photo-strip a").first();
  const href = (await link.getAttribute("href"))!;
  const title = (await link.getAttribute("title"))!;
  expect(href).toMatch(/^\/photos\/[\w-]+$/);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
});

test("previous and next on a photo page lead to its neighbours in gallery order, in HTML and in the twin", async ({ page, request }) => {
  await page.goto("/photos");
  const hrefs = await page.locator(".photo-grid a").evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
  expect(hrefs.length).toBeGreaterThan(2);
  const pager = page.getByRole("navigation", { name: "Other photos" });

  await page.goto(hrefs[0]);
  await expect(pager.getByRole("link", { name: /^← Previous/ })).toHaveCount(0);
  await page.goto(hrefs[1]);
  const title = await page.getByRole("heading", { level: 1 }).textContent();
  await pager.getByRole("link", { name: /^Next →/ }).click();
  await expect(page).toHaveURL(new RegExp(`${hrefs[2]}$`));
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(title!);
  await pager.getByRole("link", { name: /^← Previous/ }).click();
  await expect(page).toHaveURL(new RegExp(`${hrefs[1]}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title!);

  // The Markdown twin carries the same title and the same neighbours.
  const twin = await (await request.get(`${hrefs[1]}.md`)).text();
  expect(twin.split("\n")[0]).toBe(`# ${title}`);
  expect(twin).toContain(`${hrefs[0]}.md)`);
  expect(twin).toContain(`${hrefs[2]}.md)`);
});

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
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Acros+R");
  const recipe = page.getByRole("table").first();
  await expect(recipe).toContainText("Film Simulation");
  await expect(recipe).toContainText("Grain Effect");
  await expect(page.getByRole("heading", { name: "Exposure" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(problems).toEqual([]);
});

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

// The gallery's `sizes` follow its layout: a browser fetches a file about as wide as the box
// it fills (on a phone and on a wide screen), never the 1200 px file for a 180-480 px box.
for (const [label, viewport, scale] of [
  ["a phone", { width: 412, height: 823 }, 1.75],
  ["a wide screen", { width: 1350, height: 940 }, 1],
] as const) {
  test(`the gallery on ${label} fetches files sized to their boxes`, async ({ browser }) => {
    const context = await browser.newContext({ viewport, deviceScaleFactor: scale });
    const page = await context.newPage();
    await page.goto("/photos");
    await page.waitForLoadState("networkidle");
    const loaded = await page
      .locator(".photo-grid img")
      .evaluateAll((imgs: HTMLImageElement[]) =>
        imgs
          .filter((i) => i.complete && i.currentSrc)
          .map((i) => ({ src: i.currentSrc, need: i.clientWidth * devicePixelRatio, got: i.naturalWidth })),
      );
    expect(loaded.length).toBeGreaterThanOrEqual(4);
    // The 640 px AVIF is the smallest; above it a file may be at most twice the pixels needed.
    for (const l of loaded) expect(l.got <= 640 || l.got <= 2 * l.need, `${l.src}: ${l.got} px for ${Math.round(l.need)}`).toBe(true);
    await context.close();
  });
}

test("after Back, the filters show what the photos shown were filtered by, so the next Filter applies them", async ({ page }) => {
  await page.goto("/photos");
  const cards = page.locator(".photo-grid li");
  const camera = page.getByLabel("Camera");
  const film = page.getByLabel("Film simulation");
  const recipe = page.getByLabel("Recipe contains");
  const films = (await film.locator("option").allTextContents()).filter((f) => f !== "Any");
  const cameras = (await camera.locator("option").allTextContents()).filter((c) => c !== "Any");
  await film.selectOption(films[0]);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/film=/);
  const filtered = await cards.count();

  await camera.selectOption(cameras[cameras.length - 1]);
  await recipe.fill("Kelvin");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/recipe=Kelvin/);

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`film=${encodeURIComponent(films[0]).replace(/%20/g, "(%20|\\+)")}`));
  await expect(cards).toHaveCount(filtered);
  await expect(film).toHaveValue(films[0]);
  await expect(camera).toHaveValue("");
  await expect(recipe).toHaveValue("");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(cards).toHaveCount(filtered);
});

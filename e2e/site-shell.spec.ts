import { expect, test } from "@playwright/test";
import { watchPage } from "./watch";

test("home renders with navigation, JSON-LD and no console errors", async ({ page }) => {
  const problems = watchPage(page);
  const res = await page.goto("/");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Avery Quill");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Developers" })).toBeVisible();
  const ld = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(JSON.parse(ld!)["@type"]).toBe("WebSite");
  await page.waitForLoadState("networkidle");
  expect(problems).toEqual([]);
});

test("an unknown URL shows the site's not-found page with status 404", async ({ page }) => {
  const problems = watchPage(page);
  const res = await page.goto("/this/does/not/exist");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Not found");
  // The site's own sections, not raw sitemap XML.
  const main = page.getByRole("main");
  await expect(main.locator('a[href$=".xml"]')).toHaveCount(0);
  await expect(main.getByRole("link", { name: "Writing" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  // watchPage ignores the browser's own log line for the document's 404; nothing else may fail.
  expect(problems).toEqual([]);
  // Its search box finds what the visitor was after.
  await main.getByRole("searchbox").fill("carburettor");
  await main.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\?q=carburettor$/);
  await expect(page.getByRole("main").locator('a[href^="/garage/"]').first()).toBeVisible();
});

test("/developers lists every endpoint with a curl example, and links its Markdown twin", async ({ page }) => {
  const problems = watchPage(page);
  const res = await page.goto("/developers");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Developer guide");
  await expect(page.locator("#getHealth")).toContainText("/health.json");
  await expect(page.locator("#getHealth pre")).toContainText("curl -s");
  await expect(page.locator('link[rel="alternate"][type="text/markdown"]')).toHaveAttribute("href", /\/developers\.md$/);
  await page.waitForLoadState("networkidle");
  expect(problems).toEqual([]);
});

test("dark theme follows the system setting", async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: "dark" });
  const page = await context.newPage();
  await page.goto("/");
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(bg).toBe("rgb(22, 21, 19)");
  await context.close();
});

test("/developers points an agent to the MCP server: following the server-card link gives a card whose remote is /mcp", async ({
  page,
  baseURL,
}) => {
  await page.goto("/developers");
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/mcp/server-card")),
    page.getByRole("link", { name: "/mcp/server-card", exact: true }).click(),
  ]);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/mcp-server-card+json");
  const card = (await response.json()) as { remotes: { url: string }[] };
  expect(card.remotes[0].url).toBe(`${baseURL}/mcp`);
});

for (const [label, width] of [
  ["phone", 390],
  ["desktop", 1280],
] as const) {
  test(`the home page says who this is once, beside a photograph, leaves the demo notice to the footer and ends its blocks at one right edge (${label})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto("/");
    const h1 = (await page.getByRole("heading", { level: 1 }).innerText()).trim();
    const role = await page.locator(".home-intro .lede").innerText();
    const job = role.split(".")[0];
    // Visible text above the footer (the footer's copyright line names the owner by design).
    const seen = await page.evaluate(() => {
      const footer = document.querySelector("footer");
      const out: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement!;
        if (footer?.contains(el) || el.closest("script, style")) continue;
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        if (box.width && box.height && style.visibility !== "hidden") out.push(n.textContent!);
      }
      return out.join("\n");
    });
    expect(seen.split(h1).length - 1, `"${h1}" shown once`).toBe(1);
    expect(seen.split(job).length - 1, `"${job}" shown once`).toBe(1);
    // A photograph is the first screen's visual anchor, loaded at once (issue 44).
    const photo = page.locator(".home-hero-photo img");
    await expect(photo).toBeVisible();
    expect(
      await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.getBoundingClientRect().top < 900),
    ).toBe(true);
    // The demo notice is one quiet line in the footer, not a box on the page; the machines' doors are one line, last.
    await expect(page.locator("main .demo-note")).toHaveCount(0);
    await expect(page.locator("footer .footer-note")).toContainText("Demo content");
    expect(await page.locator(".home > :last-child").getAttribute("class")).toBe("for-machines");
    // Every block ends at the same right edge (the intro's running text keeps its measure inside it).
    const edges = await page
      .locator(".home > :not(.home-intro)")
      .evaluateAll((els) => els.filter((e) => e.getBoundingClientRect().width > 0).map((e) => Math.round(e.getBoundingClientRect().right)));
    expect(new Set(edges).size, `right edges ${edges.join(", ")}`).toBe(1);
    await context.close();
  });
}

test("Next's client navigation works through the edge: the router's RSC request is answered, the page is not reloaded", async ({
  page,
}) => {
  const problems = watchPage(page);
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  // Set on this document only: a full reload would lose it.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const rsc = page.waitForResponse((r) => r.request().headers()["rsc"] === "1" && new URL(r.url()).pathname === "/writing");
  // The site's own menu links are plain <a> (a whole page from the edge's memory, no framework
  // prefetch); Next's router is what a client navigation goes through.
  await page.evaluate(() => (window as unknown as { next: { router: { push(href: string): void } } }).next.router.push("/writing"));
  await expect(page).toHaveURL(/\/writing$/);
  expect((await rsc).headers()["content-type"]).toMatch(/^text\/x-component/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Writing");
  // Back to the home page (served from the server's memory for a plain GET) by the client too.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Avery Quill");
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(problems).toEqual([]);
});

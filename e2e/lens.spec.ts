import { spawn } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startNativeSite, startWalledSite, type LensSite } from "../tests/helpers/lens-sites";
import { LENS_SITE_PORTS } from "../playwright.config";
import { watchPage } from "./watch";

/**
 * The lens pages as a person uses them: type a URL into the form, read the verdict table,
 * compare two pages, look at the census; at phone and desktop widths, with and without
 * JavaScript. The inspected sites are loopback servers the web server is allowed to reach.
 */
const root = path.resolve(import.meta.dirname, "..");
let native: LensSite;
let walled: LensSite;
test.beforeAll(async () => {
  [native, walled] = await Promise.all([startNativeSite(LENS_SITE_PORTS[0]), startWalledSite(LENS_SITE_PORTS[1])]);
});
test.afterAll(async () => {
  await Promise.all([native?.close(), walled?.close()]);
});

for (const [label, width] of [
  ["desktop", 1280],
  ["phone", 390],
] as const) {
  test(`inspects a URL typed into the form and shows each crawler's verdict (${label})`, async ({ page }, info) => {
    const problems = watchPage(page);
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/lens");
    await page.getByLabel("URL to inspect").fill(`${walled.base}/`);
    await page.getByRole("button", { name: "Inspect" }).click();
    await expect(page).toHaveURL(/\/lens\?url=/);
    const table = page.locator("table.lens-crawlers");
    const gptbot = table.getByRole("row", { name: /GPTBot OpenAI/ });
    await expect(gptbot.getByRole("cell").nth(1)).toHaveText("block");
    await expect(gptbot.getByRole("cell").nth(2)).toHaveText("403 blocked");
    await expect(
      table
        .getByRole("row", { name: /ClaudeBot Anthropic/ })
        .getByRole("cell")
        .nth(2),
    ).toHaveText("403 challenge");
    await expect(page.locator(".lens-score")).toContainText("level 0 Not Ready");
    await expect(page.locator(".lens-score")).toContainText("terms paid");
    await expect(page.getByRole("heading", { name: "Next actions" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: info.outputPath(`lens-${label}.png`), fullPage: true });
    expect(problems).toEqual([]);
  });
}

test("works without JavaScript: the form submits and the page shows the result", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/lens");
  await page.getByLabel("URL to inspect").fill(`${native.base}/`);
  await page.getByLabel("URL to inspect").press("Enter");
  await expect(page.locator(".lens-score")).toContainText("level 5 Agent-Native");
  await expect(page.getByText("agent-native", { exact: true })).toBeVisible();
  await context.close();
});

test("compares two pages side by side, marking what differs", async ({ page }, info) => {
  const problems = watchPage(page);
  await page.goto("/lens/compare");
  await page.getByLabel("First URL").fill(`${native.base}/`);
  await page.getByLabel("Second URL").fill(`${walled.base}/`);
  await page.getByRole("button", { name: "Compare" }).click();
  await expect(page.getByRole("heading", { level: 2 })).toContainText("Left is more agent-ready");
  const tier = page.getByRole("row", { name: /Terms tier/ });
  await expect(tier).toHaveClass(/differs/);
  await expect(tier.getByRole("cell")).toHaveText(["signaled", "paid"]);
  await page.screenshot({ path: info.outputPath("compare.png"), fullPage: true });
  expect(problems).toEqual([]);
});

test("the census page lists the sites it follows, then charts their scores once the job has run", async ({ page }, info) => {
  await page.goto("/lens/census");
  await expect(page.getByRole("status")).toContainText("No census has run yet");
  await expect(page.getByRole("link", { name: "Tide notes" })).toHaveAttribute("href", `${native.base}/`);

  // The owner runs the weekly job by hand, against the web server's store.
  const child = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/job.ts", "census"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      REDIS_URL: "redis://127.0.0.1:6379",
      STORE_PREFIX: process.env.E2E_STORE_PREFIX,
      CENSUS_SITES_FILE: "e2e/fixtures/census-sites.json",
      LENS_ALLOW_HOSTS: `${native.hostPort},${walled.hostPort}`,
      LENS_DOH_URL: "off",
      NODE_OPTIONS: "--import ./tests/helpers/loopback-guard.mjs",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  expect(await new Promise<number | null>((resolve) => child.on("exit", resolve)), stderr).toBe(0);

  await page.reload();
  await expect(page.getByRole("img", { name: /Readiness score \(0 to 100\) of 2 sites per week/ })).toBeVisible();
  const tide = page.getByRole("row", { name: /Tide notes/ });
  await expect(tide.getByRole("cell").nth(1)).toHaveText("100");
  await expect(tide.getByRole("cell").last()).toHaveText("signaled");
  await expect(
    page
      .getByRole("row", { name: /Walled garden/ })
      .getByRole("cell")
      .last(),
  ).toHaveText("paid");
  await page.screenshot({ path: info.outputPath("census.png"), fullPage: true });
});

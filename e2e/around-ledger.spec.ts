import { spawn } from "node:child_process";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { startFirmSites, type FirmSites } from "../tests/helpers/firm-sites";
import { watchPage } from "./watch";

const root = path.resolve(import.meta.dirname, "..");
const GPTBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)";

/**
 * `npm run job around` against the app's store (same Redis prefix and firm list as the web
 * server). Asynchronous: the firm sites answer from this process's event loop.
 */
async function crawlNow() {
  const child = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/job.ts", "around"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      REDIS_URL: "redis://127.0.0.1:6379",
      STORE_PREFIX: process.env.E2E_STORE_PREFIX,
      AROUND_FIRMS_FILE: "e2e/fixtures/around-firms.json",
      LENS_ALLOW_HOSTS: "127.0.0.1:3131,127.0.0.1:3132",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  expect(code, stderr).toBe(0);
}

test.describe("around", () => {
  let sites: FirmSites;
  test.beforeAll(async () => {
    sites = await startFirmSites(
      {
        harbour: {
          robots: { status: 200, body: "User-agent: *\nAllow: /\n" },
          home: { status: 200, title: "Harbour Ventures", description: "We back tools for the waterfront." },
        },
        quay: { robots: { status: 200, body: "User-agent: *\nAllow: /\n" }, home: { status: 200, title: "Quay Capital" } },
      },
      3131,
    );
  });
  test.afterAll(() => sites?.close());

  test("shows the latest crawl and what changed since the one before", async ({ page }) => {
    const problems = watchPage(page);
    await crawlNow();
    sites.sites.get("harbour")!.home.title = "Harbour Ventures — Fund II";
    sites.sites.get("quay")!.robots.body = "User-agent: SiteLens\nDisallow: /\n";
    await crawlNow();

    await page.goto("/around");
    await expect(page.getByRole("heading", { level: 1, name: "Around" })).toBeVisible();
    const firms = page.getByRole("region", { name: "The firms" });
    await expect(firms.getByRole("link", { name: "Harbour Ventures" })).toBeVisible();
    await expect(firms).toContainText("Harbour Ventures — Fund II");
    await expect(firms).toContainText("robots.txt disallowed");
    const changes = page.getByRole("region", { name: "Recent changes" });
    await expect(changes).toContainText("title: “Harbour Ventures” → “Harbour Ventures — Fund II”");
    await expect(changes).toContainText("robots.txt verdict: “allowed” → “disallowed”");
    const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
    expect(problems).toEqual([]);
  });
});

test("the ledger charts the pages AI crawlers read", async ({ page, request }) => {
  const problems = watchPage(page);
  for (const p of ["/", "/about", "/writing", "/about.md"])
    expect((await request.get(p, { headers: { "user-agent": GPTBOT } })).status()).toBe(200);
  // Counting happens after each response: wait for the ledger to see all four.
  await expect.poll(async () => ((await (await request.get("/ledger.json")).json()) as { pages: number }).pages).toBeGreaterThanOrEqual(4);

  await page.goto("/ledger");
  await expect(page.getByRole("heading", { level: 1, name: "Crawler ledger" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Pages read by AI crawlers per day/ })).toBeVisible();
  const table = page.getByRole("table", { name: "Totals by crawler" });
  await expect(table.getByRole("row", { name: /GPTBot/ })).toContainText("OpenAI");
  await expect(page.locator(".ledger-total strong")).toHaveText(/^\$0\.0[4-9]$/);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/ledger-390.png", fullPage: true });
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  expect(problems).toEqual([]);
});

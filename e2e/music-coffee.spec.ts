import { spawn } from "node:child_process";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { TZDate } from "@date-fns/tz";
import { expect, test } from "@playwright/test";
import { PLAYLIST_ID, startMusicUpstreams, type MusicUpstreams } from "../tests/helpers/music-upstreams";
import { icsWithMeeting, startCalendarFeed, type CalendarFeed } from "../tests/helpers/calendar-feed";
import { MUSIC_ENV } from "../playwright.config";
import { watchPage } from "./watch";

const root = path.resolve(import.meta.dirname, "..");

test.describe("now playing", () => {
  let music: MusicUpstreams;
  test.beforeAll(async () => {
    music = await startMusicUpstreams({ tracks: 8 }, 3133);
  });
  test.afterAll(() => music?.close());

  test("lists the owner's playlist once the owner sets it, each track linked", async ({ page }) => {
    const problems = watchPage(page);
    const child = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/rn-playlist.ts", PLAYLIST_ID], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        REDIS_URL: "redis://127.0.0.1:6379",
        STORE_PREFIX: process.env.E2E_STORE_PREFIX,
        ...MUSIC_ENV,
      },
      stdio: "ignore",
    });
    expect(await new Promise((r) => child.on("exit", r))).toBe(0);

    await page.goto("/rn");
    await expect(page.getByRole("heading", { level: 1, name: "Now playing" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Late nights" })).toBeVisible();
    const tracks = page.locator("ol.tracks > li");
    await expect(tracks).toHaveCount(8);
    await expect(tracks.first()).toContainText("Artist 1");
    await expect(tracks.first().getByRole("link", { name: "Song 1" })).toHaveAttribute("href", /open\.spotify\.com\/track\//);
    await expect(page.getByTitle("explicit")).toHaveCount(2); // songs 4 and 8
    const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
    expect(problems).toEqual([]);
  });
});

test.describe("coffee", () => {
  let feed: CalendarFeed;
  let busyDay = "";
  test.beforeAll(async () => {
    for (let d = 3; !busyDay; d++) {
      const day = new TZDate(Date.now() + d * 86_400_000, "America/New_York");
      if ([2, 3, 4].includes(day.getDay()))
        busyDay = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
    }
    feed = await startCalendarFeed(() => icsWithMeeting(busyDay), 3134);
  });
  test.afterAll(() => feed?.close());

  test("shows open slots by day, leaves the busy hour out, and each slot asks to book it", async ({ page }) => {
    const problems = watchPage(page);
    await page.goto("/coffee");
    await expect(page.getByRole("heading", { level: 1, name: "Coffee" })).toBeVisible();
    const day = page.locator(`section[aria-labelledby="day-${busyDay}"]`);
    await expect(day.getByRole("link", { name: "09:30" })).toBeVisible();
    await expect(day.getByRole("link", { name: "10:00" })).toHaveCount(0);
    await expect(day.getByRole("link", { name: "11:00" })).toHaveAttribute("href", /\/contact\?slot=/);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: "test-results/coffee-390.png", fullPage: false });
    const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
    expect(problems).toEqual([]);
  });
});

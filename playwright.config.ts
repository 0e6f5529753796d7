import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3123);
// Playwright's own browser download does not work offline: use Debian's Chromium when present.
const systemChromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "./e2e",
  workers: 1,
  retries: 0,
  reporter: "list",
  use: { baseURL: `http://127.0.0.1:${PORT}`, trace: "off" },
  webServer: {
    // The built app as `npm start` serves it (npm test builds first).
    command: `node server.mjs`,
    url: `http://127.0.0.1:${PORT}/health.json`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(PORT), HOSTNAME: "127.0.0.1", NEXT_TELEMETRY_DISABLED: "1", CHECK_OUTPUT: "1" },
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        headless: true,
        launchOptions: {
          ...(existsSync(systemChromium) ? { executablePath: systemChromium } : {}),
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        },
      },
    },
  ],
});

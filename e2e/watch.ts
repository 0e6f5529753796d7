import type { Page } from "@playwright/test";

/**
 * Collects what should fail a page test: console errors, uncaught errors, and failed
 * subresource requests (the document itself may be a deliberate 404).
 */
export function watchPage(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" && !/status of 404/.test(msg.text())) problems.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("response", (res) => {
    if (res.status() >= 400 && !res.request().isNavigationRequest()) problems.push(`http ${res.status()}: ${res.url()}`);
  });
  return problems;
}

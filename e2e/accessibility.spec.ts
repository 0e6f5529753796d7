import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

/** axe-core (WCAG 2.x A and AA rules) on one page of every route, in both themes. */
const ROUTES = [
  "/",
  "/writing",
  "/writing/rate-limits-for-humans",
  "/garage",
  "/garage/cb400f-carb-sync",
  "/documents",
  "/documents/api-design-review-checklist",
  "/utilities",
  "/utilities/lens",
  "/about",
  "/resume",
  "/search?q=espresso",
  "/photos",
  "/photos/demo-01-hilltop-sunset",
  "/developers",
  "/around",
  "/ledger",
  "/rn",
  "/coffee",
  "/lens",
  "/lens/compare",
  "/lens/census",
  "/no-such-page",
];

for (const scheme of ["light", "dark"] as const) {
  test(`no WCAG A/AA violations (${scheme} theme)`, async ({ browser }) => {
    // 20 routes, each waited to network idle and scanned by axe: 1.5-3 s apiece here.
    test.setTimeout(120_000);
    const context = await browser.newContext({ colorScheme: scheme });
    const page = await context.newPage();
    const report: string[] = [];
    for (const route of ROUTES) {
      await page.goto(route);
      await page.waitForLoadState("networkidle");
      const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
      for (const v of violations)
        report.push(
          `${route}: ${v.id} (${v.impact}): ${v.help} — ${v.nodes
            .slice(0, 2)
            .map((n) => n.target.join(" "))
            .join("; ")}`,
        );
    }
    expect(report).toEqual([]);
    await context.close();
  });
}

import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext } from "@playwright/test";

/** axe-core (WCAG 2.x A and AA rules) on one page of every route, in both themes. */
const ROUTES = [
  "/",
  "/writing",
  "/writing/rate-limits-for-humans",
  "/writing/reala-ace-vs-classic-negative-harbour-light",
  "/uses",
  "/tags",
  "/tags/fujifilm",
  "/garage",
  "/garage/cb400f-carb-sync",
  "/documents",
  "/documents/api-design-review-checklist",
  "/utilities",
  "/utilities/lens",
  "/about",
  "/resume",
  "/search?q=espresso",
  "/search?q=zqxjv",
  "/photos",
  "/photos/<first photo>",
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

/** The gallery's first photo page: the demo photos are the owner's to replace. */
async function resolve(route: string, request: APIRequestContext): Promise<string> {
  if (!route.includes("<first photo>")) return route;
  const { photos } = (await (await request.get("/photos/query.json?limit=1")).json()) as { photos: { stem: string }[] };
  return `/photos/${photos[0].stem}`;
}

// One test per page and theme, so each page has its own time limit on a loaded machine.
for (const scheme of ["light", "dark"] as const) {
  test.describe(`no WCAG A/AA violations (${scheme} theme)`, () => {
    test.use({ colorScheme: scheme });
    for (const route of ROUTES) {
      test(route, async ({ page, request }) => {
        await page.goto(await resolve(route, request));
        await page.waitForLoadState("networkidle");
        const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
        const report = violations.map(
          (v) =>
            `${route}: ${v.id} (${v.impact}): ${v.help} — ${v.nodes
              .slice(0, 2)
              .map((n) => n.target.join(" "))
              .join("; ")}`,
        );
        expect(report).toEqual([]);
      });
    }
  });
}

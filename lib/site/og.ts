import { processSingleton } from "@/lib/process-singleton";
import { siteFile } from "@/lib/content/corpus";
import { readFileSync } from "node:fs";

/** Share cards: 1200×630, the size OpenGraph and summary_large_image cards expect. */
export const OG_CARD = { width: 1200, height: 630 } as const;
export const OG_DIR = "/generated/og";

/** Where the build writes the card of a page path (`/` → /generated/og/index.png). */
export function ogCardPath(pagePath: string): string {
  return `${OG_DIR}${pagePath === "/" ? "/index" : pagePath}.png`;
}

/**
 * Pages that app/ defines with no content file behind them (so no twin to take a title
 * from), each with the title its card shows. Content pages, section indexes and the
 * resume get theirs from the corpus; photo pages use their photo.
 */
export const APP_PAGE_CARDS: { path: string; title: string; label: string }[] = [
  { path: "/search", title: "Search", label: "Search" },
  { path: "/photos", title: "Photos", label: "Photos" },
  { path: "/developers", title: "Developer guide", label: "Developers" },
  { path: "/lens", title: "Lens: how a page looks to machines", label: "Utility" },
  { path: "/lens/census", title: "Lens census", label: "Utility" },
  { path: "/lens/compare", title: "Lens compare", label: "Utility" },
  { path: "/around", title: "Around: the firms’ homepages, crawled daily", label: "Utility" },
  { path: "/ledger", title: "Crawler ledger", label: "Utility" },
  { path: "/rn", title: "Now playing", label: "Utility" },
  { path: "/coffee", title: "Coffee chat slots", label: "Utility" },
];

/** The page paths the build wrote a card for (`.site/og.json`). */
const built = () =>
  processSingleton("og-cards", () => {
    try {
      return new Set<string>((JSON.parse(readFileSync(siteFile("og.json"), "utf8")) as { paths: string[] }).paths);
    } catch {
      return new Set<string>();
    }
  });

/** The card of a page, or the site's own card when the build made none for it. */
export function ogImageFor(pagePath: string): string {
  return built().has(pagePath) ? ogCardPath(pagePath) : ogCardPath("/");
}

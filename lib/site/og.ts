import { siteFile, buildSingleton } from "@/lib/build-output";
import { readFileSync } from "node:fs";
import { PAGES, PAGE_PATHS, type PageDeclaration } from "./pages";

/** Share cards: 1200×630, the size OpenGraph and summary_large_image cards expect. */
export const OG_CARD = { width: 1200, height: 630 } as const;
export const OG_DIR = "/generated/og";

/** Where the build writes the card of a page path (`/` → /generated/og/index.png). */
export function ogCardPath(pagePath: string): string {
  return `${OG_DIR}${pagePath === "/" ? "/index" : pagePath}.png`;
}

/**
 * Cards for the declared pages, each with its own title: the build draws them for the pages
 * it has no content behind (content pages, section indexes and the resume get theirs from
 * the corpus; photo pages use their photo).
 */
export const APP_PAGE_CARDS: { path: string; title: string; label: string }[] = PAGE_PATHS.map((path) => {
  const page: PageDeclaration = PAGES[path];
  return { path, title: page.title, label: page.card ?? "Utility" };
});

/** The page paths the build wrote a card for (`.site/og.json`). */
const built = () =>
  buildSingleton("og-cards", () => {
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

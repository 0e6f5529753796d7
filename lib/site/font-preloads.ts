import { readFileSync } from "node:fs";
import path from "node:path";
import { preload } from "react-dom";

let files: string[] | undefined;

/**
 * The site's preloaded font files, as `next build` listed them for its own not-found page.
 * Next preloads a font only for the page entry that imports it, and when it renders the
 * not-found boundary (an unknown slug, the catch-all 404) it looks fonts up by the boundary's
 * file, finds none and preloads nothing: that page painted in the fallback fonts and shifted
 * when they arrived (CLS 0.21 in Lighthouse). Read from the build's font manifest; empty
 * before a build (`next dev` falls back to Next's own behaviour).
 */
function layoutFontFiles(): string[] {
  if (files) return files;
  try {
    const manifest = JSON.parse(readFileSync(path.join(process.cwd(), ".next", "server", "next-font-manifest.json"), "utf8")) as {
      app?: Record<string, string[]>;
    };
    const entry = Object.entries(manifest.app ?? {}).find(([page]) => page.endsWith("/_not-found/page"));
    files = (entry?.[1] ?? []).map((f) => `/_next/${f}`);
  } catch {
    files = [];
  }
  return files;
}

/** Preload the layout's fonts; React drops a preload Next already made for the same file. */
export function preloadLayoutFonts(): void {
  for (const href of layoutFontFiles()) preload(href, { as: "font", type: "font/woff2", crossOrigin: "" });
}

import localFont from "next/font/local";

/**
 * The site's typefaces, served by the site itself: Source Serif 4 (body text) and Inter
 * (headings, navigation, data), variable, from the `@fontsource-variable` packages (the
 * build reaches no font host). next/font self-hosts them under /_next/static/media.
 *
 * Each comes twice. First the cut the build makes of it (scripts/build/fonts.ts: weights
 * 400–700, only the characters the pages show, `.site/fonts/`), preloaded: a page's first
 * paint needs 36 KB of type instead of 98. Behind it in the stack, the whole Latin file,
 * never preloaded, fetched only by a page with a character the cut lacks; it carries the
 * fallback next/font sizes so nothing shifts while either loads. The whole file claims only
 * the characters it has (Fontsource's `latin` unicode-range, written out because next/font
 * takes only literals; tests/fonts.test.ts keeps each equal to Fontsource's): without that, a
 * character no file has (the arrows of "All writing →") made the browser fetch 48 KB to find
 * it missing.
 */

export const sourceSerif = localFont({
  src: [{ path: "../.site/fonts/source-serif-4.woff2", style: "normal" }],
  weight: "400 700",
  variable: "--font-serif",
  display: "swap",
  adjustFontFallback: false,
});

export const sourceSerifAll = localFont({
  src: [{ path: "../node_modules/@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2", style: "normal" }],
  weight: "200 900",
  variable: "--font-serif-all",
  display: "swap",
  preload: false,
  declarations: [
    {
      prop: "unicode-range",
      value:
        "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD",
    },
  ],
  fallback: ["Iowan Old Style", "Palatino Linotype", "Palatino", "Georgia", "serif"],
});

/**
 * The italic is its own family so it is not preloaded: next/font preloads every file of a
 * family, and most pages show no italic, so preloading it cost every page 50 KB on the
 * critical path (Lighthouse, mobile). globals.css gives it to emphasis in prose only, behind
 * the build's cut of it, which the stylesheet carries inline (`.site/fonts/italic.css`).
 */
export const sourceSerifItalicAll = localFont({
  src: [{ path: "../node_modules/@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-italic.woff2", style: "italic" }],
  weight: "200 900",
  variable: "--font-serif-italic-all",
  display: "swap",
  preload: false,
  declarations: [
    {
      prop: "unicode-range",
      value:
        "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD",
    },
  ],
  fallback: ["Iowan Old Style", "Palatino Linotype", "Palatino", "Georgia", "serif"],
});

export const inter = localFont({
  src: [{ path: "../.site/fonts/inter.woff2", style: "normal" }],
  weight: "400 700",
  variable: "--font-sans",
  display: "swap",
  adjustFontFallback: false,
});

export const interAll = localFont({
  src: [{ path: "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2", style: "normal" }],
  weight: "100 900",
  variable: "--font-sans-all",
  display: "swap",
  preload: false,
  declarations: [
    {
      prop: "unicode-range",
      value:
        "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD",
    },
  ],
  fallback: ["system-ui", "-apple-system", "Segoe UI", "Roboto", "Helvetica Neue", "sans-serif"],
});

/** The class names that define every font variable on <html>. */
export const FONT_VARIABLES = [sourceSerif, sourceSerifAll, sourceSerifItalicAll, inter, interAll].map((f) => f.variable).join(" ");

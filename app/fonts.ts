import localFont from "next/font/local";

/**
 * The site's typeface, served by the site itself: Source Serif 4 (text and headings),
 * variable, from the `@fontsource-variable` package (the build reaches no font host).
 * next/font self-hosts it under /_next/static/media. The chrome around the text (menu,
 * dates, tables, forms) is in the visitor's own system sans (globals.css `--font-ui`): a
 * second family cost every page 16 KB for words every system already draws well.
 *
 * The serif comes twice. First the cut the build makes of it (scripts/build/fonts.ts:
 * weights 400–600, only the characters the pages show, `.site/fonts/`), preloaded: a page's
 * first paint needs 20 KB of type instead of 51. Behind it in the stack, the whole Latin
 * file, never preloaded, fetched only by a page with a character the cut lacks; it carries
 * the fallback next/font sizes so nothing shifts while either loads. The whole file claims
 * only the characters it has (Fontsource's `latin` unicode-range, written out because
 * next/font takes only literals; tests/fonts.test.ts keeps each equal to Fontsource's):
 * without that, a character no file has (the arrows of "All writing →") made the browser
 * fetch 48 KB to find it missing.
 */

export const sourceSerif = localFont({
  src: [{ path: "../.site/fonts/source-serif-4.woff2", style: "normal" }],
  weight: "400 600",
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
 * The italic is a family of its own so it is not preloaded: next/font preloads every file of
 * a family, and most pages show no italic. globals.css gives it to emphasis in prose only:
 * the build's cut of it (the characters the pages set in italics, 7 KB), fetched by a page
 * that has some, then the whole italic behind it.
 */
export const sourceSerifItalic = localFont({
  src: [{ path: "../.site/fonts/source-serif-4-italic.woff2", style: "italic" }],
  weight: "400",
  variable: "--font-serif-italic",
  display: "swap",
  preload: false,
  adjustFontFallback: false,
});

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

/** The class names that define every font variable on <html>. */
export const FONT_VARIABLES = [sourceSerif, sourceSerifAll, sourceSerifItalic, sourceSerifItalicAll].map((f) => f.variable).join(" ");

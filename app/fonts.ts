import localFont from "next/font/local";

/**
 * The site's typefaces, served by the site itself: the variable Latin subsets of Source
 * Serif 4 (body text) and Inter (headings, navigation, data), from the `@fontsource-variable`
 * packages in node_modules (the build reaches no font host). next/font self-hosts them under
 * /_next/static/media, preloads them and sizes a fallback so nothing shifts while they load.
 */
export const sourceSerif = localFont({
  src: [{ path: "../node_modules/@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2", style: "normal" }],
  weight: "200 900",
  variable: "--font-serif",
  display: "swap",
  fallback: ["Iowan Old Style", "Palatino Linotype", "Palatino", "Georgia", "serif"],
});

/**
 * The italic is its own family so it is not preloaded: next/font preloads every file of a
 * family, and most pages show no italic, so preloading it cost every page 50 KB on the
 * critical path (Lighthouse, mobile). globals.css gives it to emphasis in prose only.
 */
export const sourceSerifItalic = localFont({
  src: [{ path: "../node_modules/@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-italic.woff2", style: "italic" }],
  weight: "200 900",
  variable: "--font-serif-italic",
  display: "swap",
  preload: false,
  fallback: ["Iowan Old Style", "Palatino Linotype", "Palatino", "Georgia", "serif"],
});

export const inter = localFont({
  src: [{ path: "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2", style: "normal" }],
  weight: "100 900",
  variable: "--font-sans",
  display: "swap",
  fallback: ["system-ui", "-apple-system", "Segoe UI", "Roboto", "Helvetica Neue", "sans-serif"],
});

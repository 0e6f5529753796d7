import localFont from "next/font/local";

/**
 * The site's typefaces, served by the site itself: the variable Latin subsets of Source
 * Serif 4 (body text) and Inter (headings, navigation, data), from the `@fontsource-variable`
 * packages in node_modules (the build reaches no font host). next/font self-hosts them under
 * /_next/static/media, preloads them and sizes a fallback so nothing shifts while they load.
 */
export const sourceSerif = localFont({
  src: [
    { path: "../node_modules/@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2", style: "normal" },
    { path: "../node_modules/@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-italic.woff2", style: "italic" },
  ],
  weight: "200 900",
  variable: "--font-serif",
  display: "swap",
  fallback: ["Iowan Old Style", "Palatino Linotype", "Palatino", "Georgia", "serif"],
});

export const inter = localFont({
  src: [{ path: "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2", style: "normal" }],
  weight: "100 900",
  variable: "--font-sans",
  display: "swap",
  fallback: ["system-ui", "-apple-system", "Segoe UI", "Roboto", "Helvetica Neue", "sans-serif"],
});

/**
 * `npm run build` runs this before `next build`: content/ → .site/ (corpus, search index,
 * twins, llms.txt, feeds, resume); photos/ →
 * renditions and .site/photos.json. Each stage is timed.
 */
import { buildSite } from "./build/site";
import { buildPhotos } from "./build/photos";
import { ContentError } from "@/lib/content/load";
import { writeFileSync } from "node:fs";
import { siteUrl } from "@/lib/env";

const started = performance.now();
// Prerendered pages, the sitemap, canonical links, OpenGraph and JSON-LD carry absolute URLs
// made now: say which, and record it so server.mjs can refuse to serve them under another SITE_URL.
const baked = siteUrl();
console.log(
  `Absolute URLs in prerendered pages will use ${baked}${process.env.SITE_URL ? "" : " (SITE_URL is not set; set it when you build for a public address)"}`,
);
console.log("Building content…");
try {
  const { docs } = await buildSite({ contentDir: "content", outDir: ".site", publicDir: "public/generated", log: console.log });
  console.log(`Content built: ${docs} documents in ${Math.round(performance.now() - started)} ms`);
  console.log("Building photos…");
  await buildPhotos({
    photosDir: "photos",
    outDir: ".site",
    publicDir: "public/generated/photos",
    urlBase: "/generated/photos",
    progress: true,
    log: console.log,
  });
  writeFileSync(".site/site-url.json", `${JSON.stringify({ siteUrl: baked })}\n`);
} catch (err) {
  if (err instanceof ContentError) {
    console.error(`\n${err.message}\n\nNothing was written; fix the files above and build again.`);
    process.exit(1);
  }
  if (err instanceof Error && err.message.startsWith("photo captions have problems")) {
    console.error(`\n${err.message}`);
    process.exit(1);
  }
  throw err;
}

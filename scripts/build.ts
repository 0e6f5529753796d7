/**
 * `npm run build` runs this before `next build`: content/ → .site/ (corpus, search index,
 * twins, llms.txt, feeds, resume); photos/ →
 * renditions and .site/photos.json. Each stage is timed.
 */
import { buildSite } from "./build/site";
import { buildPhotos, PHOTO_PROBLEMS } from "./build/photos";
import { ContentError } from "@/lib/content/load";
import { writeFileSync } from "node:fs";
import { siteUrl } from "@/lib/env";
import { FETCHING_TOKENS } from "@/lib/ledger/count";
import { CRAWLER_TOKENS_FILE } from "@/lib/core/crawler-tokens.mjs";

const started = performance.now();
// Prerendered pages, the sitemap, canonical links, OpenGraph and JSON-LD carry absolute URLs
// made now: say which, and record it so server.mjs can refuse to serve them under another SITE_URL.
const baked = siteUrl();
console.log(
  `Absolute URLs in prerendered pages will use ${baked}${process.env.SITE_URL ? "" : " (SITE_URL is not set; set it when you build for a public address)"}`,
);
console.log("Building content…");
try {
  const { docs } = await buildSite({
    contentDir: "content",
    outDir: ".site",
    publicDir: "public/generated",
    log: console.log,
    // After the content is known to be valid and before it is indexed: search and /ask
    // index each photo page.
    photos: async () => {
      console.log("Building photos…");
      await buildPhotos({
        photosDir: "photos",
        outDir: ".site",
        publicDir: "public/generated/photos",
        urlBase: "/generated/photos",
        progress: true,
        log: console.log,
      });
      return ".site/photos.json";
    },
  });
  console.log(`Site built: ${docs} documents and the photos in ${Math.round(performance.now() - started)} ms`);
  writeFileSync(".site/site-url.json", `${JSON.stringify({ siteUrl: baked })}\n`);
  // server.mjs sends every page read but an AI crawler's past proxy.ts; these are the crawlers.
  writeFileSync(`.site/${CRAWLER_TOKENS_FILE}`, `${JSON.stringify(FETCHING_TOKENS)}\n`);
} catch (err) {
  if (err instanceof ContentError) {
    console.error(`\n${err.message}\n\nNothing was written; fix the files above and build again.`);
    process.exit(1);
  }
  if (err instanceof Error && err.message.startsWith(PHOTO_PROBLEMS)) {
    console.error(`\n${err.message}`);
    process.exit(1);
  }
  throw err;
}

/**
 * `npm run build` runs this before `next build`: content/ → .site/ (corpus, search index,
 * twins, feeds, resume, the features' settings); photos/ →
 * renditions and .site/photos.json. Each stage is timed.
 */
import { siteConfig } from "@/site.config";
import { siteConfigProblems } from "@/lib/site/config-schema";

const started = performance.now();
// Before the rest of the build is even imported: endpoint definitions and pages read
// site.config.ts as they load, so a missing field would otherwise crash there unnamed.
const configProblems = siteConfigProblems(siteConfig);
if (configProblems.length) {
  const count = `${configProblems.length} problem${configProblems.length === 1 ? "" : "s"}`;
  console.error(
    `\nsite.config.ts has ${count}:\n  ${configProblems.join("\n  ")}\n\nNothing was written; fix site.config.ts and build again.`,
  );
  process.exit(1);
}
const { buildSite } = await import("./build/site");
const { buildPhotos, PHOTO_PROBLEMS } = await import("./build/photos");
const { ContentError } = await import("@/lib/content/load");
const { siteUrl } = await import("@/lib/env");
const { bakedSiteUrl, canonicalSiteUrl } = await import("@/lib/site/baked-url");

// Prerendered pages, the sitemap, canonical links, OpenGraph and JSON-LD carry absolute URLs,
// made by the `next build` that `npm run build` runs after this: say which. `npm start` reads
// the address back from the prerendered pages (lib/site/baked-url.ts) and refuses another SITE_URL.
const address = (() => {
  try {
    return siteUrl();
  } catch (err) {
    // A mistyped variable (SITE_URL without its scheme) is the owner's to fix: say which, not where in the code.
    console.error(`${err instanceof Error ? err.message : err}\n\nNothing was built; fix the environment and build again.`);
    process.exit(1);
  }
})();
const unset = process.env.SITE_URL ? "" : " (SITE_URL is not set; set it when you build for a public address)";
if (process.env.npm_lifecycle_event === "build:content") {
  // This step alone prerenders nothing: the pages keep the address of the last full build.
  const prerendered = bakedSiteUrl();
  console.log(`Feeds, twins and llms.txt will use ${address}${unset}`);
  if (prerendered && prerendered !== canonicalSiteUrl(address))
    console.warn(
      `Note: the prerendered pages in .next carry ${prerendered}; they take ${address} only when \`npm run build\` runs again (until then \`npm start\` with SITE_URL=${address} refuses to start).`,
    );
} else console.log(`Absolute URLs in prerendered pages will use ${address}${unset}`);
console.log("Building content…");
try {
  const { docs } = await buildSite({
    contentDir: "content",
    outDir: ".site",
    publicDir: "public/generated",
    staticDir: "public",
    photosDir: "photos",
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

/**
 * `npm run build` runs this before `next build`: content/ → .site/ (corpus, search index,
 * twins, llms.txt, feeds, resume) and public/generated/ (Pagefind bundle); photos/ →
 * renditions and .site/photos.json. Each stage is timed.
 */
import { buildSite } from "./build/site";
import { buildPhotos } from "./build/photos";
import { ContentError } from "@/lib/content/load";

const started = performance.now();
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

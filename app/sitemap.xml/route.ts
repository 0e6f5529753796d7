import { etagOf } from "@/lib/core/memo";
import { sitemapXml } from "@/lib/site/sitemap";

// Prerendered with the build's feature decision, like the home page (a server deciding otherwise
// renders it once itself: cache-handler.mjs). A route of its own rather than Next's app/sitemap.ts,
// whose answer has no ETag: this one keeps its ETag in the build's copy, under every server.
export const dynamic = "force-static";

export function GET(): Response {
  const body = sitemapXml();
  return new Response(body, {
    headers: { "content-type": "application/xml", "cache-control": "public, max-age=0, must-revalidate", etag: etagOf(body) },
  });
}

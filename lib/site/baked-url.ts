import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The address this build's prerendered pages carry in their canonical links, share cards,
 * JSON-LD and the sitemap. Read from a prerendered page itself, not from a record beside it:
 * `npm run build:content` with another SITE_URL rebuilds .site/ but prerenders nothing, and a
 * record it wrote would let `npm start` serve the old pages under the new address.
 *
 * The origin of the /writing index's canonical address, or null when the build has no
 * prerendered /writing. (That index, not the home page: every build has it, and it never
 * depends on which live features are on, while the home page lists them.)
 */
export function bakedSiteUrl(distDir = ".next"): string | null {
  try {
    const html = readFileSync(path.join(distDir, "server", "app", "writing.html"), "utf8");
    const m = /<link rel="canonical" href="(https?:\/\/[^"]+)"/.exec(html);
    return m ? canonicalSiteUrl(new URL(m[1]).origin) : null;
  } catch {
    return null;
  }
}

/**
 * An address as the pages write it: Next passes SITE_URL through `new URL()` (metadataBase),
 * which lowercases the host, drops a default port and writes international names in
 * punycode, so `https://Example.com` is baked as `https://example.com`. Compare in that form.
 */
export function canonicalSiteUrl(url: string): string {
  try {
    return new URL(url).href.replace(/\/+$/, "");
  } catch {
    return url.replace(/\/+$/, "");
  }
}

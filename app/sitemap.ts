import type { MetadataRoute } from "next";
import { siteUrl } from "@/lib/env";
import { allPagePaths } from "@/lib/site/paths";
import { findDoc } from "@/lib/content/corpus";

export default function sitemap(): MetadataRoute.Sitemap {
  const base = siteUrl();
  return allPagePaths()
    .sort()
    .map((p) => {
      const doc = findDoc(p);
      const modified = doc?.updated ?? doc?.date;
      return { url: `${base}${p}`, ...(modified ? { lastModified: modified } : {}) };
    });
}

import type { MetadataRoute } from "next";
import { siteUrl } from "@/lib/env";
import { allPagePaths } from "@/lib/site/paths";
import { findDoc } from "@/lib/content/corpus";

// The pages of live features are in it only while they are on: prerendered with the build's decision (lib/features); a server deciding otherwise renders it itself (cache-handler.mjs).

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

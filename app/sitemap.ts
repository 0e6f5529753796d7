import type { MetadataRoute } from "next";
import { siteUrl } from "@/lib/env";
import { sitePages } from "@/lib/site/pages";

export default function sitemap(): MetadataRoute.Sitemap {
  const base = siteUrl();
  return sitePages.map((p) => ({ url: `${base}${p.path === "/" ? "/" : p.path}` }));
}

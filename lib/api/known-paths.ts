import { endpoints } from "./registry";
import { allPagePaths } from "@/lib/site/paths";

/** Every real path, pages and API, for 404 suggestions. */
export function knownPaths(): string[] {
  return [...new Set([...allPagePaths(), ...endpoints().map((e) => e.path), "/llms.txt", "/llms-full.txt", "/feed.xml", "/sitemap.xml", "/robots.txt"])];
}

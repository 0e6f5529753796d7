import { endpoints } from "./registry";
import { sitePages } from "@/lib/site/pages";

/** Every real path, pages and API, for 404 suggestions. */
export function knownPaths(): string[] {
  return [...new Set([...sitePages.map((p) => p.path), ...endpoints().map((e) => e.path)])];
}

import { readableApiPaths } from "./registry";
import { allPagePaths } from "@/lib/site/paths";

/** Every real path a GET reads, pages and API, derived from the build and the registry (for 404 suggestions). */
export function knownPaths(): string[] {
  return [...new Set([...allPagePaths(), ...readableApiPaths()])];
}

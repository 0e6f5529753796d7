import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";

/** Where `npm run build` leaves the server's artifacts (SITE_DATA_DIR, default `.site`). */
export function siteFile(name: string): string {
  // Not traced by the bundler: next.config.ts includes .site/ in deployments explicitly.
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), env().SITE_DATA_DIR, name);
}

export class MissingBuildError extends Error {
  constructor(file: string) {
    super(`${file} is missing: run \`npm run build\` first`);
    this.name = "MissingBuildError";
  }
}

export function readSiteFile(name: string): Buffer {
  try {
    return readFileSync(siteFile(name));
  } catch {
    throw new MissingBuildError(`.site/${name}`);
  }
}

/** Under `next dev`, when the build's output was last rewritten (its folder's mtime: every artifact is renamed into it). */
function buildGeneration(): number {
  // Next inlines NODE_ENV into its bundles: in production this test is a constant.
  if (process.env.NODE_ENV !== "development") return 0;
  try {
    return statSync(siteFile("")).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * A value made from the build's output (.site/), once per server process, like
 * processSingleton. Under `npm run dev` it is made again once `npm run build:content` has
 * rewritten that output, so a content edit shows on the next reload without restarting dev.
 */
export function buildSingleton<T>(name: string, make: () => T): T {
  const slot = processSingleton(`build:${name}`, () => ({ generation: -1, value: undefined as T | undefined }));
  const generation = buildGeneration();
  if (slot.generation !== generation) {
    slot.value = make();
    slot.generation = generation;
  }
  return slot.value as T;
}

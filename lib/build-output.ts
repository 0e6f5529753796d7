import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { env, type Env } from "@/lib/env";
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
function buildGeneration(e: Pick<Env, "NODE_ENV" | "SITE_DATA_DIR">): number {
  if (e.NODE_ENV !== "development") return 0;
  try {
    return statSync(path.resolve(/*turbopackIgnore: true*/ process.cwd(), e.SITE_DATA_DIR)).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * A value made from the build's output (.site/), once per server process, like
 * processSingleton. Under `npm run dev` it is made again once `npm run build:content` has
 * rewritten that output, so a content edit shows on the next reload without restarting dev.
 */
export function buildSingleton<T>(name: string, make: () => T, e: Pick<Env, "NODE_ENV" | "SITE_DATA_DIR"> = env()): T {
  const slot = processSingleton(`build:${name}`, () => ({ generation: -1, value: undefined as T | undefined }));
  const generation = buildGeneration(e);
  if (slot.generation !== generation) {
    slot.value = make();
    slot.generation = generation;
  }
  return slot.value as T;
}

import { readFileSync } from "node:fs";
import path from "node:path";
import { processSingleton } from "@/lib/process-singleton";
import { env } from "@/lib/env";
import type { Collection } from "./schema";
import type { Corpus, Doc } from "./types";

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

interface LoadedCorpus extends Corpus {
  /** Content documents by URL. */
  byUrl: Map<string, Doc>;
  /** Every page search and /ask rank (content documents and standing pages), by URL. */
  answerable: Map<string, Doc>;
}

/** The built corpus, read once per server process (and once per build worker for static pages). */
export function getCorpus(): LoadedCorpus {
  return processSingleton("corpus", () => {
    const corpus = JSON.parse(readSiteFile("corpus.json").toString("utf8")) as Corpus;
    const standing = corpus.standing ?? [];
    return {
      ...corpus,
      standing,
      byUrl: new Map(corpus.docs.map((d) => [d.url, d])),
      answerable: new Map([...corpus.docs, ...standing].map((d) => [d.url, d])),
    };
  });
}

export function docsIn(collection: Collection): Doc[] {
  return getCorpus().docs.filter((d) => d.collection === collection);
}

export function findDoc(url: string): Doc | undefined {
  return getCorpus().byUrl.get(url);
}

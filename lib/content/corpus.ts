import { buildSingleton, readSiteFile } from "@/lib/build-output";
import type { Collection } from "./schema";
import type { Corpus, Doc } from "./types";

interface LoadedCorpus extends Corpus {
  /** Content documents by URL. */
  byUrl: Map<string, Doc>;
  /** Every page search and /ask rank (content documents and standing pages), by URL. */
  answerable: Map<string, Doc>;
}

/** The built corpus, read once per server process (and once per build worker for static pages). */
export function getCorpus(): LoadedCorpus {
  return buildSingleton("corpus", () => {
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

import { buildSingleton, readSiteFile } from "@/lib/build-output";
import { featureDecision } from "@/lib/features";
import { COLLECTIONS, INDEXED_COLLECTIONS, type Collection } from "./collections";
import { homeTwin, indexTwin, tagTwin, tagsIndexTwin } from "./twins";
import { TAGS_PATH, tagPath, taggedDocs } from "./tags";
import type { Corpus, Doc } from "./types";
import { indexIntro } from "./intros";

interface LoadedCorpus extends Corpus {
  /** Content documents by URL. */
  byUrl: Map<string, Doc>;
  /** Every content document the build made, those of features that are off included. */
  built: Doc[];
  /** Every page search and /ask rank (content documents and standing pages), by URL. */
  answerable: Map<string, Doc>;
}

/**
 * The built corpus as this process shows it, read once per server process (and once per
 * build worker for static pages): without the pages of features that are off (lib/features),
 * so page lists, twins, llms.txt, search and /ask all leave them out alike.
 */
export function getCorpus(): LoadedCorpus {
  return buildSingleton("corpus", () => {
    const built = JSON.parse(readSiteFile("corpus.json").toString("utf8")) as Corpus;
    const { off } = featureDecision();
    const shown = (d: Doc) => !d.feature || !off.has(d.feature);
    const docs = built.docs.filter(shown);
    // A tag page whose pages are all left out (of several features that are off) says it
    // lists nothing: it is no answer to a search.
    const tagsShown = new Set([...taggedDocs(docs).keys()].map(tagPath));
    const standing = (built.standing ?? []).filter((d) => shown(d) && (d.listing !== "tag" || tagsShown.has(d.url)));
    return {
      ...built,
      built: built.docs,
      docs,
      standing,
      twins: docs.length === built.docs.length ? built.twins : twinsWithout(built, docs),
      byUrl: new Map(docs.map((d) => [d.url, d])),
      answerable: new Map([...docs, ...standing].map((d) => [d.url, d])),
    };
  });
}

/** The build's twins less those of the pages left out, with the lists that named them (home, indexes) made again. */
function twinsWithout(built: Corpus, docs: Doc[]): Record<string, string> {
  const kept = new Set(docs.map((d) => d.url));
  const twins = { ...built.twins };
  const changed = new Set<Collection>();
  for (const d of built.docs)
    if (!kept.has(d.url)) {
      delete twins[d.url];
      changed.add(d.collection);
    }
  twins["/"] = homeTwin(docs);
  for (const c of INDEXED_COLLECTIONS) if (changed.has(c)) twins[COLLECTIONS[c].base] = indexTwin(c, docs, indexIntro(c));
  // The tag pages list what is shown; a tag only the left-out pages carry lists nothing (when
  // those are one feature's, the page itself goes with it: paths.json).
  const shown = taggedDocs(docs);
  for (const [tag] of taggedDocs(built.docs)) twins[tagPath(tag)] = tagTwin(tag, shown.get(tag) ?? []);
  twins[TAGS_PATH] = tagsIndexTwin(shown);
  return twins;
}

export function docsIn(collection: Collection): Doc[] {
  return getCorpus().docs.filter((d) => d.collection === collection);
}

export function findDoc(url: string): Doc | undefined {
  return getCorpus().byUrl.get(url);
}

/**
 * A collection's documents as built, whatever the features: what a page of its own is
 * prerendered from, so no prerendered page depends on the environment `next build` ran in.
 * (A page of a feature that is off is the 404 of server.mjs and proxy.ts, before Next.)
 */
export function builtDocsIn(collection: Collection): Doc[] {
  return getCorpus().built.filter((d) => d.collection === collection);
}

/**
 * The corpus as built, every feature's pages included, whatever this process decided: what
 * the /ask evaluation sets and the development harness are scored against (they name every
 * page the demo has), never what a visitor is shown.
 */
export function builtCorpus(): Pick<LoadedCorpus, "docs" | "standing" | "answerable"> {
  return buildSingleton("corpus-as-built", () => {
    const built = JSON.parse(readSiteFile("corpus.json").toString("utf8")) as Corpus;
    const standing = built.standing ?? [];
    return { docs: built.docs, standing, answerable: new Map([...built.docs, ...standing].map((d) => [d.url, d])) };
  });
}

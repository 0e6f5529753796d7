import { siteConfig } from "@/site.config";
import { COLLECTIONS, type IndexedCollection } from "./collections";

/**
 * The sentence under a collection index's heading (also its meta description, its twin's
 * summary and what search and /ask know of the index): the owner's own in site.config.ts
 * `intros`, else the one its declaration carries, so a new collection needs no edit there.
 */
export function indexIntro(c: IndexedCollection): string {
  const own = (siteConfig as { intros?: Partial<Record<IndexedCollection, string>> }).intros;
  return own?.[c] ?? COLLECTIONS[c].index.intro;
}

import { getCorpus } from "@/lib/content/corpus";
import { buildSingleton } from "@/lib/build-output";
import type { Doc } from "@/lib/content/types";

export interface Catalog {
  /** Fixed-width ids ("001"…), in URL order: prefix-free, stable between calls. */
  ids: string[];
  byId: Map<string, Doc>;
  /** One line per page, `017<TAB>Title — description`; byte-identical between calls so providers can cache the prompt. */
  text: string;
  width: number;
}

/** The fixed catalogue of every page that the remote model chooses from. */
export function getCatalog(): Catalog {
  return buildSingleton("ask-catalog", () => {
    // The pages /ask answers with: a tag page only stands in for the pages it lists (Doc.listing).
    const docs = [...getCorpus().answerable.values()].filter((d) => d.listing !== "tag").sort((a, b) => a.url.localeCompare(b.url));
    const width = Math.max(3, String(docs.length).length);
    const ids = docs.map((_, i) => String(i + 1).padStart(width, "0"));
    const byId = new Map(ids.map((id, i) => [id, docs[i]]));
    const line = (id: string, d: Doc) => `${id}\t${d.title} — ${d.description}`.slice(0, 200 + width + 1);
    return { ids, byId, width, text: ids.map((id) => line(id, byId.get(id)!)).join("\n") };
  });
}

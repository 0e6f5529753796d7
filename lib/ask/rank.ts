import { env } from "@/lib/env";
import { consume } from "@/lib/ratelimit";
import { getCorpus, siteFile } from "@/lib/content/corpus";
import { searchSite } from "@/lib/search/search";
import type { Doc } from "@/lib/content/types";
import { getCatalog } from "./catalog";
import { rankWithRemoteModel, RankerUnavailable } from "./remote-ranker";
import { loadEmbeddedModel } from "./embedded-model";
import path from "node:path";

export interface Ranked {
  hits: { doc: Doc; score: number }[];
  /** Pages the ranker found relevant (score ≥ 1). */
  total: number;
  /** `model: …` or `lexical: <reason>`, for `_meta.ranking`. */
  ranking: string;
}

/**
 * Ranks every page for a question, in order: the remote model when ASK_MODEL_URL is set,
 * else the embedded model trained at build time; lexical search when the model is slow,
 * unavailable, untrained, past the caller's budget (20 a minute, never a 429) or unusable.
 */
export async function rankPages(question: string, prev: string[], callerKey: string, topK: number, signal: AbortSignal): Promise<Ranked> {
  const lexical = () => lexicalRank(question, prev, topK);
  const e = env();
  const embedded = e.ASK_MODEL_URL ? null : await loadEmbeddedModel(path.dirname(siteFile("ask-labels.json")));
  if (!e.ASK_MODEL_URL && !embedded) return { ...lexical(), ranking: "lexical: model untrained" };

  const budget = await consume("ask-model", callerKey);
  if (!budget.allowed) return { ...lexical(), ranking: "lexical: budget" };

  if (e.ASK_MODEL_URL) {
    const catalog = getCatalog();
    const lex = new Map<string, number>();
    const urlToId = new Map([...catalog.byId].map(([id, d]) => [d.url, id]));
    for (const h of lexical().hits) lex.set(urlToId.get(h.doc.url)!, h.score);
    try {
      const probs = await rankWithRemoteModel(
        { url: e.ASK_MODEL_URL, model: e.ASK_MODEL_NAME ?? "default", key: e.ASK_MODEL_KEY, timeoutMs: e.ASK_MODEL_TIMEOUT_MS },
        catalog,
        question,
        prev,
        lex,
        signal,
      );
      return fromProbabilities(
        [...probs].map(([id, p]) => ({ doc: catalog.byId.get(id)!, p })),
        `model: remote ${e.ASK_MODEL_NAME ?? "default"}`,
      );
    } catch (err) {
      if (err instanceof RankerUnavailable) return { ...lexical(), ranking: `lexical: ${err.reason}` };
      throw err;
    }
  }
  const { byUrl } = getCorpus();
  const ranked = embedded!.rank(question).flatMap(({ url, p }) => (byUrl.has(url) ? [{ doc: byUrl.get(url)!, p }] : []));
  if (ranked.length === 0 || !ranked.every((r) => Number.isFinite(r.p))) return { ...lexical(), ranking: "lexical: model answer unusable" };
  return fromProbabilities(ranked, "model: embedded fastText");
}

function fromProbabilities(rows: { doc: Doc; p: number }[], ranking: string): Ranked {
  const hits = rows
    .map(({ doc, p }) => ({ doc, score: Math.min(100, Math.max(0, Math.round(p * 100))) }))
    .sort((a, b) => b.score - a.score);
  return { hits, total: hits.filter((h) => h.score >= 1).length, ranking };
}

/** The search index; scores relative to the best match. When the question alone finds nothing, the latest earlier question helps. */
function lexicalRank(question: string, prev: string[], topK: number): Omit<Ranked, "ranking"> {
  let found = searchSite(question, Math.max(topK, 50));
  if (found.total === 0 && prev.length) found = searchSite(`${question} ${prev.at(-1)}`, Math.max(topK, 50));
  const { byUrl } = getCorpus();
  const best = found.results[0]?.score ?? 1;
  const hits = found.results.map((r) => ({ doc: byUrl.get(r.url)!, score: Math.max(1, Math.round((r.score / best) * 100)) }));
  return { hits, total: found.total };
}

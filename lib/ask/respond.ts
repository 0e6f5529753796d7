import { matchedSnippet } from "@/lib/search/snippet";
import { queryTerms } from "@/lib/search/engine";
import type { Doc } from "@/lib/content/types";
import type { AskRequest } from "./request";
import { MODES_SUPPORTED } from "./request";
import type { Ranked } from "./rank";
import { SCHEMA_TYPES } from "./schemas";

export const RETRIEVAL = "every page of the site (build-time corpus)";

export function askResult(doc: Doc, score: number, base: string, host: string, terms: string[]) {
  const url = `${base}${doc.url}`;
  return {
    url,
    name: doc.title,
    score,
    site: host,
    // Extractive only: text from the page around the question's words, else its own summary line.
    description: matchedSnippet(doc.prose ?? doc.text, terms) ?? doc.description,
    schema_object: {
      "@context": "https://schema.org" as const,
      "@type": SCHEMA_TYPES[doc.kind],
      "@id": url,
      url,
      name: doc.title,
      description: doc.description,
    },
  };
}

export function askMeta(req: AskRequest, ranking: string, judged: Pick<Ranked, "confidence" | "abstained"> = {}) {
  return {
    version: req.dialect === "legacy" ? "0.1" : "0.55",
    dialect: req.dialect,
    retrieval: RETRIEVAL,
    ranking,
    description: "extractive" as const,
    modes_supported: [...MODES_SUPPORTED],
    ...(req.modesNotServed.length ? { modes_not_served: req.modesNotServed } : {}),
    ...(req.dialect === "0.55" ? { request_id: req.queryId } : {}),
    ...(judged.confidence !== undefined ? { confidence: judged.confidence } : {}),
    ...(judged.abstained ? { abstained: judged.abstained } : {}),
  };
}

export function askBody(req: AskRequest, ranked: Ranked, base: string, host: string) {
  // The client's own decontextualized query, else the one the ranker made from `prev`.
  const decontextualized = req.decontextualized ?? ranked.decontextualized;
  const terms = queryTerms(decontextualized ?? req.query);
  return {
    query_id: req.queryId,
    results: ranked.hits.slice(0, req.topK).map((h) => askResult(h.doc, h.score, base, host, terms)),
    query: req.query,
    site: host,
    mode: "list" as const,
    ...(decontextualized ? { decontextualized_query: decontextualized } : {}),
    total: ranked.total,
    _meta: askMeta(req, ranked.ranking, ranked),
  };
}

export type AskAnswer = ReturnType<typeof askBody>;

/**
 * A result as a schema.org object with NLWeb's fields at the top (what search-components'
 * parser accepts: @type, @id, score, site). Each page is also an Article, the type such
 * clients render; its own type comes first.
 */
export function schemaItem(r: ReturnType<typeof askResult>) {
  const type = r.schema_object["@type"];
  return {
    ...r.schema_object,
    "@type": type === "BlogPosting" ? type : [type, "Article"],
    headline: r.name,
    description: r.description ?? r.schema_object.description,
    score: r.score,
    site: r.site,
    grounding: { source_urls: [r.url], url: r.url },
  };
}

/**
 * The answer as server-sent events, drawn from the same data as the JSON body. Legacy
 * (GET): unnamed `data:` messages ending with `complete` (EventSource clients reconnect
 * and re-ask without it). 0.55 (POST): named events start, result (one per result) and
 * complete. A client that goes away stops the writing.
 */
export function askStream(answer: AskAnswer, dialect: AskRequest["dialect"], clientSignal: AbortSignal): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const id = answer.query_id;
  const frames: string[] = [];
  const send = (data: unknown, event?: string) => frames.push(`${event ? `event: ${event}\n` : ""}data: ${JSON.stringify(data)}\n\n`);
  if (dialect === "legacy") {
    // _meta rides on the first message: NLWeb_Core's chat UI skips any message carrying
    // _meta, so a complete with _meta would never close its EventSource.
    send({ message_type: "api_version", api_version: "0.1", query_id: id, _meta: answer._meta });
    if (answer.decontextualized_query)
      send({ message_type: "decontextualized_query", decontextualized_query: answer.decontextualized_query, query_id: id });
    const content = answer.results.map((data) => ({ type: "resource", resource: { data } }));
    send({ message_type: "result_batch", results: answer.results, content, query_id: id });
    send({ message_type: "complete", type: "complete", query_id: id, total: answer.total });
  } else {
    send({ _meta: { response_type: "answer", version: "0.55", request_id: id }, query_id: id }, "start");
    // `results` for readers of each data line's results array (search-components, NLWeb_Core's UI), beside the 0.55 {index, item}.
    answer.results.forEach((item, index) => send({ index, item, results: [schemaItem(item)] }, "result"));
    send({ _meta: { ...answer._meta, response_type: "answer", version: "0.55" }, query_id: id, total: answer.total }, "complete");
  }
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (clientSignal.aborted || next >= frames.length) return controller.close();
      controller.enqueue(encoder.encode(frames[next++]));
    },
  });
}

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
    description: matchedSnippet(doc.text, terms) ?? doc.description,
    schema_object: { "@context": "https://schema.org" as const, "@type": SCHEMA_TYPES[doc.kind], "@id": url, url, name: doc.title, description: doc.description },
  };
}

export function askMeta(req: AskRequest, ranking: string) {
  return {
    version: req.dialect === "legacy" ? "0.1" : "0.55",
    dialect: req.dialect,
    retrieval: RETRIEVAL,
    ranking,
    description: "extractive" as const,
    modes_supported: [...MODES_SUPPORTED],
    ...(req.dialect === "0.55" ? { request_id: req.queryId } : {}),
  };
}

export function askBody(req: AskRequest, ranked: Ranked, base: string, host: string) {
  const terms = queryTerms(req.decontextualized ?? req.query);
  return {
    query_id: req.queryId,
    results: ranked.hits.slice(0, req.topK).map((h) => askResult(h.doc, h.score, base, host, terms)),
    query: req.query,
    site: host,
    mode: "list" as const,
    ...(req.decontextualized ? { decontextualized_query: req.decontextualized } : {}),
    total: ranked.total,
    _meta: askMeta(req, ranked.ranking),
  };
}

/**
 * The answer as server-sent events. Legacy (GET): unnamed `data:` messages ending with
 * `complete` (EventSource clients reconnect and re-ask without it). 0.55 (POST): named
 * events start, result (one per result) and complete. Ranking runs inside the stream, so
 * a client that goes away (cancel) stops the work and nothing more is written.
 */
export function askStream(req: AskRequest, rank: (signal: AbortSignal) => Promise<Ranked>, base: string, host: string, clientSignal: AbortSignal): Response {
  const encoder = new TextEncoder();
  const work = new AbortController();
  const onClientGone = () => work.abort();
  clientSignal.addEventListener("abort", onClientGone, { once: true });
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (data: unknown, event?: string) => {
        if (work.signal.aborted) return;
        controller.enqueue(encoder.encode(`${event ? `event: ${event}\n` : ""}data: ${JSON.stringify(data)}\n\n`));
      };
      try {
        if (req.dialect === "legacy") {
          send({ message_type: "api_version", api_version: "0.1", query_id: req.queryId });
          if (req.decontextualized) send({ message_type: "decontextualized_query", decontextualized_query: req.decontextualized, query_id: req.queryId });
        } else {
          send({ _meta: { response_type: "answer", version: "0.55", request_id: req.queryId }, query_id: req.queryId }, "start");
        }
        let body: ReturnType<typeof askBody> | undefined;
        let failure: string | undefined;
        try {
          body = askBody(req, await rank(work.signal), base, host);
        } catch (err) {
          if (work.signal.aborted) return;
          console.error("[ask] ranking failed in a stream", err);
          failure = "The question could not be ranked.";
        }
        if (req.dialect === "legacy") {
          if (body) send({ message_type: "result_batch", results: body.results, query_id: req.queryId });
          send({ message_type: "complete", query_id: req.queryId, ...(body ? { total: body.total, _meta: body._meta } : { error: failure }) });
        } else {
          body?.results.forEach((item, index) => send({ index, item }, "result"));
          send({ _meta: { ...(body?._meta ?? {}), response_type: body ? "answer" : "failure", version: "0.55" }, query_id: req.queryId, ...(body ? { total: body.total } : { error: { code: "internal_error", message: failure } }) }, "complete");
        }
      } finally {
        clientSignal.removeEventListener("abort", onClientGone);
        if (!work.signal.aborted) controller.close();
      }
    },
    cancel() {
      work.abort();
    },
  });
  return new Response(stream, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", "x-accel-buffering": "no" },
  });
}

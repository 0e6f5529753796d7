import { defineEndpoint } from "@/lib/api/endpoint";
import { AskBodySchema, AskQuerySchema, AskResponseSchema, AskStreamSchema, type AskBody } from "./schemas";
import { errorQueryId, parseAsk } from "./request";
import { rankPages } from "./rank";
import { askBody, askStream } from "./respond";

/**
 * /ask: NLWeb-style question answering. GET speaks the legacy dialect (query string,
 * unnamed SSE messages), POST the 0.55 one (JSON body, named events start/result/complete).
 * Answers are ranked pages with extracts, never generated text.
 */
export const ask = defineEndpoint({
  path: "/ask",
  operationId: "askSite",
  operationIds: { POST: "askSiteStructured" },
  summary: "Ask the site a question",
  description:
    "Natural-language question over the same pages as /search.json. A decision model chooses among every page, so a page can answer a question sharing no word with it; when the model is slow, unavailable or past 20 questions per caller per minute, ranking falls back to lexical and `_meta.ranking` says which ran (never a 429 for that). Streams text/event-stream unless `streaming` is 0/false/no/off (GET) or `prefer.streaming` is false (POST). POST takes an NLWeb 0.55 body; body fields win over query-string fields. Errors echo `query_id` and `results: []`; summarize and generate modes answer 501 with `supported_modes`.",
  tag: "search",
  methods: ["GET", "POST"],
  policy: "read",
  query: AskQuerySchema,
  body: AskBodySchema,
  response: {
    schema: AskResponseSchema,
    description: "Ranked pages (streaming off), or the same as server-sent events.",
    alternates: [{ contentType: "text/event-stream", schema: AskStreamSchema, description: "The answer as server-sent events" }],
  },
  responses: [{ status: 501, code: "not_implemented", description: "mode summarize or generate: only list is served; the body has `supported_modes`" }],
  errorExtras: ({ params, body }) => ({ query_id: errorQueryId(params, body), results: [] }),
  cache: "no-store",
  handler: async ({ req, body, base, caller, signal }) => {
    const host = new URL(base).host;
    const request = parseAsk(req.nextUrl.searchParams, body as AskBody | undefined, host);
    const rank = (s: AbortSignal) => rankPages(request.decontextualized ?? request.query, request.prev, caller.key, request.topK, s);
    if (request.streaming) return askStream(request, rank, base, host, signal);
    return askBody(request, await rank(signal), base, host);
  },
});

import { defineEndpoint } from "@/lib/core/endpoint";
import { siteConfig } from "@/site.config";
import { AskBodySchema, AskResponseSchema, AskStreamSchema } from "./schemas";
import { ASK_BODY_FIELDS, AskInputSchema, errorQueryId, streamingOn, toAskRequest, type AskInput } from "./request";
import { rankPages } from "./rank";
import { askBody, askStream, type AskAnswer } from "./respond";
import { warmOnFirstQuestion } from "./warm-up";

const STRUCTURED = "askSiteStructured";

/**
 * /ask: NLWeb-style question answering. GET speaks the legacy dialect (query string,
 * unnamed SSE messages), POST the 0.55 one (JSON body, named events start/result/complete);
 * the MCP `ask` tool takes the same input and returns the same JSON. Answers are ranked
 * pages with extracts, never generated text.
 */
export const ask = defineEndpoint({
  name: "askSite",
  summary: "Ask the site a question",
  description:
    "Natural-language question over the same pages as /search.json. A decision model chooses among every page, so a page can answer a question sharing no word with it; when the model is slow, unavailable or past 20 questions per caller per minute, ranking falls back to lexical and `_meta.ranking` says which ran (never a 429 for that). Streams text/event-stream unless `streaming` is 0/false/no/off (GET) or `prefer.streaming` is false (POST). POST takes an NLWeb 0.55 body; body fields win over query-string fields. Errors echo `query_id` and `results: []`; summarize and generate modes answer 501 with `supported_modes`.",
  tag: "search",
  policy: "read",
  input: AskInputSchema,
  output: AskResponseSchema,
  outputDescription: "Ranked pages (streaming off), or the same as server-sent events.",
  errors: [
    {
      status: 501,
      code: "not_implemented",
      description: "mode summarize or generate: only list is served; the body has `supported_modes`",
    },
  ],
  errorExtras: (raw) => ({ query_id: errorQueryId(raw), results: [] }),
  run: async (input, { base, caller, signal, operation }) => {
    const host = new URL(base).host;
    const request = toAskRequest(input, host, operation === STRUCTURED ? "0.55" : "legacy");
    warmOnFirstQuestion();
    // A client's own decontextualized query already holds what it needed of the earlier ones.
    const ranked = request.decontextualized
      ? await rankPages(request.decontextualized, [], caller.key, request.topK, signal)
      : await rankPages(request.query, request.prev, caller.key, request.topK, signal);
    return askBody(request, ranked, base, host);
  },
  http: {
    path: "/ask",
    methods: ["GET", "POST"],
    post: {
      operation: STRUCTURED,
      summary: "Ask the site a question (NLWeb 0.55)",
      body: AskBodySchema,
      example: { query: { text: siteConfig.examples.questions.at(-1) }, prefer: { streaming: false }, top_k: 5 },
      fields: ASK_BODY_FIELDS,
    },
    cache: "no-store",
    representations: [
      {
        media: "text/event-stream; charset=utf-8",
        schema: AskStreamSchema,
        description: "The answer as server-sent events",
        applies: (input: AskInput) => streamingOn(input.streaming),
        render: (data, _input, ctx) => askStream(data as AskAnswer, ctx.operation === STRUCTURED ? "0.55" : "legacy", ctx.signal),
        headers: { "cache-control": "no-cache", "x-accel-buffering": "no" },
      },
    ],
  },
  mcp: {
    name: "ask",
    description:
      "Ask the site a natural-language question; returns the site's own pages ranked for it (NLWeb list mode, extractive descriptions, never generated text). `streaming` is ignored: the tool returns one JSON answer.",
  },
});

import { z } from "zod";
import { named } from "@/lib/core/schemas";

export const SCHEMA_TYPES = { page: "WebPage", writing: "BlogPosting", document: "DigitalDocument", utility: "WebAPI" } as const;

export const AskResultSchema = named(
  "AskResult",
  z.object({
    url: z.url(),
    name: z.string(),
    score: z.int().min(0).max(100).meta({
      description:
        "With model ranking, the chance in % that this page answers the question, calibrated on questions the model never saw (a score of 60 is right about 60% of the time, whatever the question); with lexical ranking, relevance relative to the best match",
    }),
    site: z.string().optional().meta({ description: "The service's own host name" }),
    description: z.string().optional().meta({ description: "Extract from the page around the question's words (never model-written)" }),
    schema_object: z
      .object({
        "@context": z.literal("https://schema.org"),
        "@type": z.enum(["WebPage", "BlogPosting", "DigitalDocument", "WebAPI"]),
        "@id": z.url(),
        url: z.url(),
        name: z.string(),
        description: z.string(),
      })
      .optional(),
  }),
);

export const AskMetaSchema = named(
  "AskMeta",
  z.object({
    version: z.string().meta({ description: "NLWeb protocol version of the dialect: 0.1 (legacy GET) or 0.55 (POST)" }),
    dialect: z.enum(["legacy", "0.55"]),
    retrieval: z.string().meta({ description: "Where candidates come from" }),
    ranking: z.string().meta({ description: "Which ranker ran: `model: embedded …`, `model: remote …`, or `lexical: <reason>`" }),
    description: z.literal("extractive"),
    modes_supported: z.array(z.string()),
    modes_not_served: z.array(z.string()).optional().meta({
      description: "Modes the request asked for beside list that were not served (summarize, generate): the list is the whole answer",
    }),
    request_id: z.string().optional(),
    confidence: z.number().min(0).max(1).optional().meta({
      description:
        "With model ranking: the chance that the best page answers the question (calibrated at build time on held-out questions)",
    }),
    abstained: z
      .object({
        reason: z.string(),
        threshold: z.number().min(0).max(1).meta({ description: "Least confidence /ask answers with" }),
      })
      .optional()
      .meta({ description: "Present when no page was likely enough to answer: `results` is empty and the reason says why" }),
  }),
);

export const AskResponseSchema = named(
  "AskResponse",
  z.object({
    query_id: z.string(),
    results: z.array(AskResultSchema),
    query: z.string().optional(),
    site: z.string().optional().meta({ description: "Constant: the service's own host name" }),
    mode: z.literal("list").optional(),
    decontextualized_query: z.string().optional(),
    total: z.int().min(0).optional().meta({ description: "Pages the ranker found relevant (score ≥ 1)" }),
    _meta: AskMetaSchema.optional(),
  }),
  "Ranked pages answering a question (NLWeb list mode). No generated text.",
);

export const AskStreamSchema = named(
  "AskEventStream",
  z.string().meta({
    description:
      "Server-sent events. GET (legacy NLWeb): unnamed `data:` messages with `message_type` api_version (carrying `_meta`), decontextualized_query (when the client sent one, or the ranker folded an earlier question into the query), result_batch {results, content} (`content` holds each result as `{type: resource, resource: {data}}` for clients that read that form), and always a final complete {type: complete, total}. POST (0.55): named events start {_meta}, result {index, item: AskResult, results: [the item as a schema.org object with @type, @id, score, site and grounding]} per result (for clients that read `results` from each data line), complete {_meta, total}.",
  }),
);

/** NLWeb 0.55 request body of POST /ask. */
export const AskBodySchema = named(
  "AskRequest",
  z
    .object({
      query: z.object({ text: z.string().min(1).max(500), site: z.string().optional() }).loose(),
      prefer: z.object({ streaming: z.boolean().optional(), mode: z.string().optional() }).loose().optional(),
      context: z
        .object({ prev: z.array(z.string().max(500)).optional() })
        .loose()
        .optional(),
      query_id: z.string().max(200).optional(),
      top_k: z.int().min(1).max(50).optional(),
      decontextualized_query: z.string().max(500).optional(),
    })
    .loose(),
  "NLWeb 0.55 request. Body fields win over query-string fields.",
);
export type AskBody = z.infer<typeof AskBodySchema>;

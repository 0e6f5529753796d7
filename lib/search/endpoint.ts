import { z } from "zod";
import { defineEndpoint } from "@/lib/core/endpoint";
import { named } from "@/lib/core/schemas";
import { clampedInt, requiredText } from "@/lib/core/params";
import { siteConfig } from "@/site.config";
import { KINDS, kindsInWords } from "@/lib/content/collections";
import { searchSite } from "./search";
import { MAX_RESULTS } from "./present";

export const SearchResultSchema = named(
  "SearchResult",
  z.object({
    url: z.string().meta({ description: "Site path of the page (a URI reference)" }),
    title: z.string(),
    description: z.string().optional(),
    kind: z.enum(KINDS).meta({ description: kindsInWords() }),
    snippet: z.string().optional().meta({ description: "Plain-text extract around the matched terms" }),
  }),
);

export const SearchResultsSchema = named(
  "SearchResults",
  z.object({
    query: z.string().meta({ description: "The query as received (trimmed)" }),
    total: z.int().min(0).meta({ description: "Matches before the limit" }),
    returned: z.int().min(0).optional().meta({ description: "Rows returned" }),
    results: z.array(SearchResultSchema),
  }),
  "Ranked search results.",
);

export const search = defineEndpoint({
  name: "searchSite",
  summary: "Search the site",
  description:
    "Lexical search (BM25 with field boosts; prefix and typo tolerance for longer terms) over the public pages, writing, garage notes, documents and utility descriptions. Stopwords are dropped and at most 12 terms are used.",
  tag: "search",
  policy: "read",
  input: z.object({
    q: requiredText(
      "q",
      160,
      "The query: at most 160 characters; stopwords are dropped and at most 12 terms are used.",
      siteConfig.examples.searches[0],
    ),
    limit: clampedInt({ min: 1, max: MAX_RESULTS, default: 20, description: "Results to return:" }),
  }),
  output: SearchResultsSchema,
  outputDescription: "Ranked results; `total` counts every match before the limit.",
  run: (input) => {
    const { total, results } = searchSite(input.q, input.limit);
    return {
      query: input.q,
      total,
      returned: results.length,
      results: results.map(({ score: _score, ...r }) => r),
    };
  },
  http: { path: "/search.json", cache: { maxAge: 300, staleWhileRevalidate: 3600 } },
});

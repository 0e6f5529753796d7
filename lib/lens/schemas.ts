import { z } from "zod";
import { named } from "@/lib/core/schemas";
import { requiredText } from "@/lib/core/params";
import { LIMITS } from "./safe-fetch";
import { RelLinkSchema } from "./rel-link-schema";
import { AgentSchema, BotViewSchema, DiscoverySchema, ReadinessSchema, TermsSchema, WireSchema } from "./discovery/schemas";

/**
 * LensObservation as /openapi.json publishes it: the page-derived fields always, and the discovery
 * pass's fields (discovery, wire, terms, agent, botViews, readiness) only when it ran
 * (`phases.discovery`); a field of a pass that did not run is absent, never zero.
 */
const StringMap = z.record(z.string(), z.string());

export { RelLinkSchema };

export const PhasesSchema = named(
  "LensPhases",
  z.object({
    page: z.boolean().meta({ description: "The page pass ran (always true)" }),
    discovery: z.boolean().meta({ description: "The discovery pass ran (well-known paths, terms, agent doors, readiness)" }),
    botViews: z.boolean().meta({ description: "The bot-view pass ran (the page fetched as each AI crawler)" }),
    discoveryDeferred: z.boolean().optional(),
    discoveryCached: z.boolean().optional(),
    discoveryShared: z.boolean().optional(),
    subrequestCap: z.boolean().optional(),
    wallCheck: z.string().optional(),
  }),
  "Which passes of the observation ran; fields of a pass that did not run are absent.",
);

const JsonLdSchema = z.union([
  z.object({
    valid: z.literal(true),
    types: z.array(z.string()).meta({ description: "@type values, top level and @graph" }),
    json: z.string().meta({ description: "The block re-serialized as indented JSON" }),
  }),
  z.object({
    valid: z.literal(false),
    error: z.string().meta({ description: "Why the block is not JSON" }),
    raw: z.string().meta({ description: "The block as written, up to 4,000 characters" }),
  }),
]);

const TierSchema = z.object({
  key: z.enum(["html", "text", "markdown", "outline", "raw"]),
  label: z.string(),
  note: z.string(),
  chars: z.int().min(0),
  tokens: z.int().min(0),
  estimated: z
    .boolean()
    .optional()
    .meta({ description: "Present and true when the text was longer than 24 KB: tokens were counted on evenly spaced samples and scaled" }),
});

export const LensObservationSchema = named(
  "LensObservation",
  z.object({
    ok: z.boolean(),
    url: z.url().meta({ description: "The URL as requested (normalized)" }),
    finalUrl: z.url().meta({ description: "Where the redirects ended" }),
    redirected: z.boolean(),
    redirects: z
      .array(z.object({ url: z.string(), status: z.int(), location: z.string() }))
      .meta({ description: `Each redirect followed (at most ${LIMITS.maxRedirects}), in order` }),
    status: z.int().meta({ description: "The target's HTTP status; a 4xx or 5xx is still an observation" }),
    contentType: z.string().meta({ description: "Content-Type of the final response, empty when none was sent" }),
    elapsedMs: z.int().min(0),
    fetchedBy: z.string().meta({ description: "The User-Agent lens sent" }),
    headers: StringMap.meta({ description: "Response headers of the final response, names lowercased" }),
    binary: z.boolean().meta({ description: "The body is not text; only its size is reported" }),
    truncated: z.boolean().meta({ description: `The body was longer than ${LIMITS.maxBodyBytes} bytes (after decompression) and was cut` }),
    bodyUnreadable: z
      .object({ reason: z.literal("undecodable-content-encoding"), encoding: z.string() })
      .optional()
      .meta({ description: "Present when the Content-Encoding could not be decoded" }),
    framable: z.boolean().meta({ description: "Whether another site may show the page in a frame" }),
    frameReason: z.string().nullable().meta({ description: "The header that forbids framing, or null" }),
    phases: PhasesSchema,
    anatomy: z.object({
      rawHtml: z.string().meta({ description: "The body as text, up to 512 KiB (empty for binary or unreadable bodies)" }),
      rawBytes: z.int().min(0).meta({ description: "Body bytes read, after decompression" }),
      parsedBytes: z.int().min(0).optional().meta({ description: "HTML bytes parsed (HTML only)" }),
      parseTruncated: z.boolean().optional().meta({
        description: "Only part of the HTML was parsed: it was longer than 512 KiB, or nested deeper than 512 elements (HTML only)",
      }),
      text: z
        .string()
        .meta({ description: "Visible text, one block per line (for bodies that are not HTML, the body's own text up to 512 KiB)" }),
      wordCount: z.int().min(0),
      imgTotal: z.int().min(0),
      imgNoAlt: z.int().min(0).meta({ description: 'Images with no alt attribute (alt="" counts as described)' }),
      headings: z.array(z.object({ level: z.int().min(1).max(6), text: z.string() })),
    }),
    structured: z.object({
      title: z.string(),
      meta: StringMap.meta({ description: "<meta name> values (names lowercased), first of each" }),
      og: StringMap.meta({ description: "OpenGraph properties (og:*)" }),
      twitter: StringMap.meta({ description: "Twitter card fields (twitter:*)" }),
      jsonld: z.array(JsonLdSchema),
      microdata: z.object({ itemtypes: z.array(z.string()), props: z.array(z.string()) }),
      rdfa: z.object({ typeof: z.array(z.string()), properties: z.array(z.string()) }),
      microformats: z.array(z.string()).meta({ description: "microformats2 types (h-card, h-entry…)" }),
      relLinks: z.array(RelLinkSchema),
    }),
    ai: z.object({
      markdown: z.string().optional().meta({ description: "The main content as Markdown (HTML only)" }),
      llmsTxtPresent: z.boolean().meta({ description: "The page or its Link header points to an llms.txt" }),
      directives: z.object({
        metaRobots: z.string().nullable(),
        xRobotsTag: z.string().nullable(),
        namesAiCrawlers: z.boolean().meta({ description: "A robots meta tag or X-Robots-Tag rule names an AI crawler" }),
      }),
    }),
    cost: z
      .object({
        tokenizer: z.string(),
        checked: z.string().meta({ description: "Date the price table was checked" }),
        rates: z.array(
          z.object({
            model: z.string(),
            usdPerMtok: z.number().meta({ description: "US dollars per million input tokens" }),
            exact: z.boolean().optional().meta({ description: "Whether the token counts use this model's own tokenizer" }),
          }),
        ),
        tiers: z.array(TierSchema),
        partial: z
          .object({ parsedBytes: z.int().min(0), rawBytes: z.int().min(0) })
          .optional()
          .meta({ description: "Present when the counts cover only part of a truncated body" }),
      })
      .nullable()
      .meta({ description: "Token cost of reading the page; null when nothing could be priced" }),
    discovery: DiscoverySchema.optional(),
    wire: WireSchema.optional().meta({ description: "Compression dictionaries and ECH (from the HTTPS DNS record)" }),
    terms: TermsSchema.optional().meta({ description: "What the target says AI crawlers may do, and how hard it says it" }),
    agent: AgentSchema.optional().meta({ description: "Doors an agent could use beyond the pages" }),
    botViews: z
      .array(BotViewSchema)
      .optional()
      .meta({ description: "The page as each crawler's User-Agent sees it (a browser first, as the control)" }),
    readiness: ReadinessSchema.optional().meta({ description: "Agent-readiness score, level, checks and next actions" }),
  }),
  "What a machine sees at one URL, fetched by the site's crawler.",
);

export const LensFetchQuerySchema = z.object({
  url: requiredText(
    "url",
    2048,
    "Public http or https URL; https:// is assumed when no scheme is given. Ports other than 80 and 443, credentials, and private, loopback, link-local or metadata hosts are refused.",
    "https://example.com/",
  ),
  phases: z
    .enum(["page"], { error: "phases must be page" })
    .optional()
    .meta({ description: "page: only the page-derived fields (one subrequest); without it the discovery and bot-view passes run too" }),
  mode: z.enum(["edge"], { error: "mode must be edge" }).optional().meta({
    description:
      "edge: the third-party agent-readiness level (Cloudflare's isitagentready, cached a day per origin) instead of the observation",
  }),
});

import { z } from "zod";
import { defineEndpoint } from "@/lib/core/endpoint";
import { ApiError } from "@/lib/core/errors";
import { named } from "@/lib/core/schemas";
import { requiredText } from "@/lib/core/params";
import { createHash } from "node:crypto";
import { observeOrRefuse } from "./endpoint";
import type { LensObservation } from "./observe";
import { RATES } from "./page/rates";
import { LIMITS } from "./safe-fetch";
import { PhasesSchema } from "./schemas";

/**
 * /lens/compare.json: two URLs observed side by side (in parallel, each the full
 * observation under its own 8 seconds), each reduced to a LensSummary, and what differs
 * between them in status, content, readiness, tier and agent surfaces.
 */
const DOORS = ["mcp", "nlweb", "webmcp", "agentCard", "openapi", "aiPlugin", "apiCatalog", "mdNegotiation", "llmsTxt"] as const;

const CostSchema = z.object({ tokens: z.int().min(0), usdPerRead: z.number().min(0), model: z.string() });

export const LensSummarySchema = named(
  "LensSummary",
  z.object({
    url: z.string(),
    finalUrl: z.string(),
    redirected: z.boolean(),
    truncated: z.boolean(),
    parseTruncated: z.boolean(),
    status: z.int(),
    elapsedMs: z.int().min(0),
    bytes: z.int().min(0).meta({ description: "Body bytes read, after decompression" }),
    parsedBytes: z.int().min(0),
    readiness: z.int().min(0).max(100).nullable().meta({ description: "readiness.overall; null when discovery did not run" }),
    fieldScore: z.int().min(0).max(100).nullable().meta({ description: "readiness.field.overall" }),
    level: z.int().nullable().meta({ description: "Lens's readiness level (0, 1, 3 or 5)" }),
    doors: z
      .int()
      .min(0)
      .nullable()
      .meta({ description: "Agent doors found (MCP, NLWeb, WebMCP, A2A, OpenAPI, ai-plugin, API catalog, Markdown, llms.txt)" }),
    contentType: z.string(),
    title: z.string(),
    levelName: z.string(),
    levelNote: z.string(),
    wordCount: z.int().min(0),
    tier: z.string().nullable().meta({ description: "Spectrum tier (open, signaled, enforced, paid); null when discovery did not run" }),
    cost: CostSchema.nullable().meta({
      description: "Tokens an agent reads (the Markdown rendition, else the text) and what one read costs at the first listed model's rate",
    }),
    phases: PhasesSchema,
    contentHash: z.string().meta({ description: "sha256 of the visible text (hex)" }),
    strategy: z.string().nullable().meta({ description: "agent-native, agent-readable or human-only" }),
    surfaces: z
      .record(z.string(), z.string())
      .meta({ description: "Each agent door's verdict (yes/likely/maybe/no/unknown, or present/absent)" }),
  }),
  "One side of a comparison: what lens found at a URL, in brief.",
);

const DifferenceSchema = z.object({
  field: z.string(),
  left: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  right: z.union([z.string(), z.number(), z.boolean(), z.null()]),
});

export const LensComparisonSchema = named(
  "LensComparison",
  z.object({
    ok: z.literal(true),
    left: LensSummarySchema,
    right: LensSummarySchema,
    elapsedMs: z.int().min(0).meta({ description: "Wall time of the comparison (both sides run at once)" }),
    same: z.object({
      finalUrl: z.boolean(),
      status: z.boolean(),
      content: z.boolean().meta({ description: "The visible text is identical" }),
      readiness: z.boolean(),
      tier: z.boolean(),
      surfaces: z.boolean(),
    }),
    differences: z.array(DifferenceSchema).meta({ description: "Every summary field that differs (agent surfaces as surfaces.<door>)" }),
    summary: z.string().meta({ description: "The comparison in one sentence" }),
  }),
  "Two URLs observed side by side: how they differ in status, content, readiness, tier and agent surfaces.",
);

export type LensSummary = z.infer<typeof LensSummarySchema>;

export function summarize(o: LensObservation): LensSummary {
  const r = o.readiness;
  const surfaces: Record<string, string> = {};
  if (o.agent) {
    for (const d of DOORS) {
      const v = o.agent[d] as Record<string, unknown>;
      surfaces[d] =
        typeof v.verdict === "string" ? v.verdict : v.found === true || v.present === true || v.supported === true ? "present" : "absent";
    }
  }
  const doors = o.agent ? Object.values(surfaces).filter((v) => v === "yes" || v === "likely" || v === "present").length : null;
  const tier = o.cost?.tiers.find((t) => t.key === "markdown") ?? o.cost?.tiers.find((t) => t.key === "text");
  const rate = RATES[0];
  return {
    url: o.url,
    finalUrl: o.finalUrl,
    redirected: o.redirected,
    truncated: o.truncated,
    parseTruncated: o.anatomy.parseTruncated ?? false,
    status: o.status,
    elapsedMs: o.elapsedMs,
    bytes: o.anatomy.rawBytes,
    parsedBytes: o.anatomy.parsedBytes ?? 0,
    readiness: r?.overall ?? null,
    fieldScore: r?.field.overall ?? null,
    level: r?.level ?? null,
    doors,
    contentType: o.contentType,
    title: o.structured.title,
    levelName: r?.levelName ?? "",
    levelNote: r?.levelNote ?? "",
    wordCount: o.anatomy.wordCount,
    tier: o.terms ? o.terms.spectrum.tier : null,
    cost: tier ? { tokens: tier.tokens, usdPerRead: Number(((tier.tokens * rate.usdPerMtok) / 1e6).toFixed(8)), model: rate.model } : null,
    phases: o.phases,
    contentHash: createHash("sha256").update(o.anatomy.text).digest("hex"),
    strategy: o.agent?.strategy.verdict ?? null,
    surfaces,
  };
}

const COMPARED = [
  "finalUrl",
  "status",
  "contentType",
  "title",
  "wordCount",
  "contentHash",
  "readiness",
  "fieldScore",
  "level",
  "tier",
  "doors",
  "strategy",
] as const;

export function compareSummaries(left: LensSummary, right: LensSummary, elapsedMs: number): z.infer<typeof LensComparisonSchema> {
  const differences: z.infer<typeof DifferenceSchema>[] = COMPARED.filter((k) => left[k] !== right[k]).map((field) => ({
    field,
    left: left[field],
    right: right[field],
  }));
  const doors = new Set([...Object.keys(left.surfaces), ...Object.keys(right.surfaces)]);
  for (const d of doors) {
    const l = left.surfaces[d] ?? null;
    const r = right.surfaces[d] ?? null;
    if (l !== r) differences.push({ field: `surfaces.${d}`, left: l, right: r });
  }
  const same = {
    finalUrl: left.finalUrl === right.finalUrl,
    status: left.status === right.status,
    content: left.contentHash === right.contentHash,
    readiness: left.readiness === right.readiness,
    tier: left.tier === right.tier,
    surfaces: !differences.some((d) => d.field.startsWith("surfaces.")),
  };
  return { ok: true, left, right, elapsedMs, same, differences, summary: sentence(left, right, same) };
}

function sentence(l: LensSummary, r: LensSummary, same: { content: boolean }): string {
  const parts: string[] = [];
  if (l.status !== r.status) parts.push(`status ${l.status} vs ${r.status}`);
  if (l.readiness !== null && r.readiness !== null && l.readiness !== r.readiness)
    parts.push(
      `${l.readiness > r.readiness ? "left" : "right"} is more agent-ready (${Math.max(l.readiness, r.readiness)} vs ${Math.min(l.readiness, r.readiness)})`,
    );
  if (l.tier !== r.tier) parts.push(`terms ${l.tier ?? "unmeasured"} vs ${r.tier ?? "unmeasured"}`);
  if (!same.content) parts.push(`different content (${l.wordCount} vs ${r.wordCount} words)`);
  if (!parts.length) return "No difference lens can see.";
  const text = `${parts.join("; ")}.`;
  return text[0].toUpperCase() + text.slice(1);
}

const url = (name: "left" | "right") =>
  requiredText(
    name,
    2048,
    `Public http or https URL, validated like /lens/fetch's url (https:// assumed; ports 80 and 443 only; no private hosts).`,
    name === "left" ? "https://example.com/" : "https://example.org/",
  );

export const compareUrls = defineEndpoint({
  name: "compareUrls",
  summary: "Compare two public URLs as crawlers see them",
  description: `Observes two URLs at once, each as /lens/fetch does (the full observation, ${LIMITS.timeoutMs / 1000} seconds each, the same guard on every hop), and reports each as a LensSummary with what differs: status, content (a hash of the visible text), readiness and level, terms tier and each agent surface. Counts against the compare budget (4 per minute), not the inspect budget.`,
  tag: "lens",
  policy: "compare",
  input: z.object({ left: url("left"), right: url("right") }),
  output: LensComparisonSchema,
  outputDescription: "The comparison",
  errors: [
    {
      status: 502,
      code: "upstream_failed",
      description: "One of the two URLs could not be read (timeout or failure); the message says which",
    },
  ],
  run: async (input, { base, signal, timing }) => {
    const started = performance.now();
    const side = (which: "left" | "right") =>
      observeOrRefuse(input[which], { base, signal, parameter: which, timing: (n, ms) => timing?.(`${which}-${n}`, ms) }).catch(
        (e: unknown) => {
          if (e instanceof ApiError && e.code === "upstream_failed")
            throw new ApiError("upstream_failed", `The ${which} URL: ${e.message}`, { hint: e.hint });
          throw e;
        },
      );
    const [left, right] = await Promise.all([side("left"), side("right")]);
    return compareSummaries(summarize(left), summarize(right), Math.round(performance.now() - started));
  },
  http: { path: "/lens/compare.json", cache: "no-store" },
});

import { buildOpenApi } from "./openapi";
import { TAGS, type Endpoint, type Tag } from "@/lib/core/endpoint";
import { policies } from "@/lib/ratelimit";

type Json = Record<string, unknown>;

export interface GuideParameter {
  name: string;
  in: "query" | "body";
  required: boolean;
  type: string;
  description: string;
}

export interface GuideEndpoint {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  tag: Tag;
  /** Its rate-limit policy's name ("none" when it has none). */
  policy: string;
  limit: string;
  parameters: GuideParameter[];
  /** Only the responses that differ from the guide's `shared` ones (OpenAPI lists them all). */
  responses: GuideResponse[];
  curl: string;
  /** Its MCP tool, when this server offers it (`x-mcp-tool`). */
  tool?: string;
  /** The feature it belongs to, when that is off on this server (`x-feature`). */
  off?: { name: string; label: string };
}

export interface GuideResponse {
  status: string;
  description: string;
}

export interface Guide {
  base: string;
  /** `title`: the group's heading as a reader reads it; `tag` stays its anchor and OpenAPI tag. */
  groups: { tag: Tag; title: string; description: string; endpoints: GuideEndpoint[] }[];
  limits: { name: string; rule: string }[];
  /** Responses most endpoints answer in the same words: said once, before the endpoints. */
  shared: GuideResponse[];
}

/**
 * Each group's heading in the guide (page and twin). The OpenAPI tags are short lowercase
 * names (`search`, `meta`) and stay so: they are the anchors (#tag-search, #search) and
 * what clients filter on; a reader gets words.
 */
export const TAG_TITLES: Record<Tag, string> = {
  search: "Search and ask",
  photos: "Photos",
  lens: "Lens",
  music: "Music",
  around: "Around",
  contact: "Coffee",
  about: "Résumé",
  meta: "Meta",
};

/**
 * The developer guide is derived from the OpenAPI document (itself derived from the
 * registry), so the page, its Markdown twin and /openapi.json always agree.
 */
export function guideOf(listed: readonly Endpoint[], base: string, offered?: (e: Endpoint) => boolean): Guide {
  const doc = buildOpenApi(listed, base, offered) as { paths: Record<string, Record<string, Json>>; components: Json };
  const components = doc.components as { responses: Record<string, Json>; parameters: Record<string, Json> };
  const all: GuideEndpoint[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const params = ((op.parameters ?? []) as Json[])
        .filter((p) => !("$ref" in p))
        .map((p) => ({
          name: String(p.name),
          in: "query" as const,
          required: Boolean(p.required),
          type: typeLabel(p.schema as Json),
          description: String(p.description ?? ""),
          example: ((p.schema as Json)?.examples as unknown[] | undefined)?.[0],
        }));
      const responses = Object.entries(op.responses as Record<string, Json>).map(([status, r]) => {
        const resolved = "$ref" in r ? components.responses[String(r.$ref).split("/").pop()!] : r;
        return { status, description: String(resolved?.description ?? "") };
      });
      // A POST sends its documented example body (its query-string fields only fill gaps in it).
      const body = (op.requestBody as { content?: Record<string, { example?: unknown }> } | undefined)?.content?.["application/json"]
        ?.example;
      const required = method === "post" ? [] : params.filter((p) => p.required || p.example !== undefined);
      const qs = required.map((p) => `${p.name}=${encodeURIComponent(String(p.example ?? "…"))}`).join("&");
      const url = `${base}${path}${qs ? `?${qs}` : ""}`;
      const curl =
        method === "post"
          ? `curl -s -X POST '${url}' -H 'Content-Type: application/json' -d ${shellQuote(JSON.stringify(body ?? {}))}`
          : `curl -s '${url}'`;
      const declared = listed.find((e) => e.http?.path === path)?.policy;
      const policy = typeof declared === "function" ? undefined : declared;
      const feature = op["x-feature"] as { name: string; label: string; on: boolean } | undefined;
      all.push({
        operationId: String(op.operationId),
        method: method.toUpperCase(),
        path,
        summary: String(op.summary ?? ""),
        description: String(op.description ?? "").split("\n\nRate limit:")[0],
        tag: ((op.tags as Tag[]) ?? ["meta"])[0],
        policy: policy ?? "none",
        limit: policy ? `${policy}: ${policies[policy].limit} per ${policies[policy].windowSeconds} s` : "none",
        parameters: params.map(({ example: _unused, ...p }) => p),
        responses,
        curl,
        ...(op["x-mcp-tool"] ? { tool: String(op["x-mcp-tool"]) } : {}),
        ...(feature && !feature.on ? { off: { name: feature.name, label: feature.label } } : {}),
      });
    }
  }
  // A response in the same words on at least half the endpoints is a rule of the API, not of
  // one endpoint: the guide says it once (it was most of the page's length, repeated 20 times).
  const key = (r: GuideResponse) => `${r.status}\u0000${r.description}`;
  const counts = new Map<string, number>();
  for (const e of all) for (const r of e.responses) counts.set(key(r), (counts.get(key(r)) ?? 0) + 1);
  const isShared = (r: GuideResponse) => (counts.get(key(r)) ?? 0) * 2 >= all.length;
  const shared = [...new Map(all.flatMap((e) => e.responses.filter(isShared)).map((r) => [key(r), r])).values()].sort((a, b) =>
    a.status.localeCompare(b.status),
  );
  for (const e of all) e.responses = e.responses.filter((r) => !isShared(r));
  return {
    base,
    shared,
    groups: (Object.keys(TAGS) as Tag[])
      .map((tag) => ({ tag, title: TAG_TITLES[tag], description: TAGS[tag], endpoints: all.filter((e) => e.tag === tag) }))
      .filter((g) => g.endpoints.length > 0),
    limits: Object.values(policies).map((p) => ({
      name: p.name,
      rule: `${p.limit} per ${p.windowSeconds} s per caller — ${p.description}${p.soft ? " (soft: never a 429)" : ""}`,
    })),
  };
}

/** A string as one single-quoted shell word. */
const shellQuote = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;

function typeLabel(schema: Json | undefined): string {
  if (!schema) return "string";
  const variants = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (variants) return variants.map((v) => typeLabel(v)).join(" or ");
  const t = schema.type ?? (schema.enum ? "enum" : "string");
  const parts = [Array.isArray(t) ? t.join(" or ") : String(t)];
  if (schema.enum) parts.push(`one of ${(schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`);
  if (schema.minimum !== undefined || schema.maximum !== undefined) parts.push(`${schema.minimum ?? "…"}–${schema.maximum ?? "…"}`);
  if (schema.maxLength !== undefined) parts.push(`max ${schema.maxLength} chars`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join(", ");
}

/** The budget most endpoints spend: the page says it once and names only the others. */
export const DEFAULT_POLICY = "read";

/** What the guide says of an endpoint whose feature is off on this server (page and twin alike). */
export const offNote = (label: string) =>
  `Off on this server: ${label} is not on here, so this answers what it documents for a site without it, and it is no MCP tool.`;

/** Shared by the page and its Markdown twin; `code` spans are marked with backticks. */
export const CONVENTIONS: readonly string[] = [
  "Errors share one JSON shape: `error` (a sentence), `code`, `status`, `hint`; a 404 adds `suggestions`, a 405 adds `allow`, a 400 names the `parameter` (or, for a POST body, the `field`).",
  "Every 200 carries `RateLimit-Policy` and `RateLimit` (IETF structured fields) and a `Link` header to the OpenAPI document, this guide and the API catalog.",
  "A 429 carries `Retry-After` (1–60 seconds), and its body the same number as `retryAfter` (what an MCP tool result shows): wait that long before the next request.",
  "`API-Version: 1` may be sent; any other value is a 400 with `supported`. No deprecation or sunset headers are ever sent.",
  "Clients must ignore unknown fields: new fields arrive without notice.",
  "Pages with a Markdown twin answer `Accept: text/markdown` at their own URL (this guide: `/developers.md`).",
];

/** The guide as Markdown: the twin of /developers (and what agents read). */
export function guideMarkdown(g: Guide): string {
  const lines: string[] = [
    "# Developer guide",
    "",
    "A keyless, read-only JSON API. No key, account or token: send plain HTTP requests.",
    "",
    `- OpenAPI 3.1: ${g.base}/openapi.json`,
    `- API catalog (RFC 9727): ${g.base}/.well-known/api-catalog`,
    `- MCP server: ${g.base}/mcp (the same capabilities as tools for AI agents; server card at ${g.base}/mcp/server-card)`,
    `- Site map for agents: ${g.base}/llms.txt`,
    `- Site map: ${g.base}/sitemap.xml`,
    "",
    "## Conventions",
    "",
    ...CONVENTIONS.map((c) => `- ${c}`),
    "",
    "## Rate limits",
    "",
    ...g.limits.map((l) => `- \`${l.name}\`: ${l.rule}`),
    "",
    "## Responses every endpoint may give",
    "",
    "Each endpoint below lists only the responses of its own.",
    "",
    ...g.shared.map((r) => `- ${r.status}: ${r.description}`),
  ];
  for (const group of g.groups) {
    lines.push("", `## ${group.title}`, "", group.description);
    for (const e of group.endpoints) {
      lines.push("", `### ${e.method} ${e.path} (${e.operationId})`, "", e.summary + ".", "", e.description, "", `Rate limit: ${e.limit}.`);
      if (e.tool) lines.push("", `MCP tool: \`${e.tool}\`.`);
      if (e.off) lines.push("", offNote(e.off.label));
      if (e.parameters.length) {
        lines.push("", "Parameters:", "");
        for (const p of e.parameters)
          lines.push(`- \`${p.name}\` (${p.type}${p.required ? ", required" : ""})${p.description ? `: ${p.description}` : ""}`);
      }
      if (e.responses.length) lines.push("", "Responses of its own:", "", ...e.responses.map((r) => `- ${r.status}: ${r.description}`));
      lines.push("", "```sh", e.curl, "```");
    }
  }
  return lines.join("\n") + "\n";
}

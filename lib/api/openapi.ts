import type { z } from "zod";
import type { Endpoint, ResponseDoc, ServedMethod } from "./endpoint";
import { errorCatalogue } from "./errors";
import { toComponents, schemaRef } from "./json-schema";
import { allNamedSchemas } from "./schemas";
import { policies } from "@/lib/ratelimit";
import { siteConfig } from "@/site.config";
import { env } from "@/lib/env";

type Json = Record<string, unknown>;

export const TAGS: { name: string; description: string }[] = [
  { name: "search", description: "Lexical search and natural-language questions over the site's pages" },
  { name: "photos", description: "The published photo archive" },
  { name: "lens", description: "How machines see a public URL" },
  { name: "music", description: "The owner's current playlist" },
  { name: "around", description: "A crawl of a few firm homepages and their changes" },
  { name: "contact", description: "Bookable coffee slots" },
  { name: "about", description: "The owner's resume" },
  { name: "meta", description: "Descriptions of the API itself and its health" },
];

export function operationIdFor(e: Endpoint, method: ServedMethod): string {
  return e.operationIds?.[method] ?? (method === "GET" ? e.operationId : `${e.operationId}${method[0]}${method.slice(1).toLowerCase()}`);
}

function idOf(schema: z.ZodType): string | undefined {
  for (const [id, s] of allNamedSchemas()) if (s === schema) return id;
  return undefined;
}

const header = (description: string, schema: Json, example?: unknown): Json => ({
  description,
  schema,
  ...(example !== undefined ? { example } : {}),
});

const sharedHeaders: Record<string, Json> = {
  RateLimitPolicy: header(
    "Rate-limit policy applied to this request (draft-ietf-httpapi-ratelimit-headers): quoted policy name, q = quota, w = window in seconds.",
    { type: "string" },
    '"read";q=120;w=60',
  ),
  RateLimit: header("Remaining quota: r = requests left in the window, t = seconds until it resets.", { type: "string" }, '"read";r=87;t=23'),
  RetryAfter: header("Seconds to wait before retrying (1-60). Takes precedence over RateLimit.", { type: "integer", minimum: 1, maximum: 60 }, 17),
  Link: header(
    "Links to /openapi.json (service-desc), /developers (service-doc) and /.well-known/api-catalog (api-catalog).",
    { type: "string" },
  ),
  CacheControl: header("How long the answer may be reused.", { type: "string" }, "public, max-age=300"),
  Allow: header("Methods this path answers.", { type: "string" }, "GET, HEAD, OPTIONS"),
};

const errorContent = (schema: Json = schemaRef("Error")) => ({ "application/json": { schema } });
const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

const sharedResponses: Record<string, Json> = {
  BadRequest: {
    description: "A parameter or the body is invalid (the Error names it in `parameter` or `field`), or API-Version is not served (code unsupported_api_version with `supported`).",
    content: errorContent(),
  },
  MethodNotAllowed: {
    description: "Method not served at this path (code method_not_allowed); the Allow header and `allow` list the methods.",
    headers: { Allow: ref("headers", "Allow") },
    content: errorContent(),
  },
  TooManyRequests: {
    description: "Over a rate budget (code rate_limited). Retry-After says when to come back; RateLimit shows r=0.",
    headers: {
      "Retry-After": ref("headers", "RetryAfter"),
      "RateLimit-Policy": ref("headers", "RateLimitPolicy"),
      RateLimit: ref("headers", "RateLimit"),
    },
    content: errorContent(),
  },
  InternalError: { description: "Unexpected failure, logged (code internal_error).", content: errorContent() },
};

/** OpenAPI 3.1 for every registered endpoint: the one description clients, MCP and docs share. */
export function buildOpenApi(endpoints: readonly Endpoint[], base: string): Json {
  const extraOut: Record<string, z.ZodType> = {};
  const extraIn: Record<string, z.ZodType> = {};
  for (const e of endpoints) {
    if (!idOf(e.response.schema)) extraOut[`${e.operationId}Response`] = e.response.schema;
    for (const [i, alt] of (e.response.alternates ?? []).entries()) if (!idOf(alt.schema)) extraOut[`${e.operationId}Alternate${i}`] = alt.schema;
    for (const r of e.responses ?? []) if (r.schema && !idOf(r.schema)) extraOut[`${e.operationId}${r.status}`] = r.schema;
    if (e.query) extraIn[`__query_${e.operationId}`] = e.query;
    if (e.body && !idOf(e.body)) extraIn[`${e.operationId}Body`] = e.body;
  }
  const outSchemas = toComponents(extraOut, "output");
  const inSchemas = toComponents(extraIn, "input");
  const querySchemas: Record<string, Json> = {};
  for (const [id, s] of Object.entries(inSchemas)) if (id.startsWith("__query_")) querySchemas[id.slice(8)] = s;
  const schemas: Record<string, Json> = {};
  for (const [id, s] of Object.entries({ ...inSchemas, ...outSchemas })) if (!id.startsWith("__query_")) schemas[id] = s;

  const paths: Record<string, Json> = {};
  for (const e of endpoints) {
    const item: Json = {};
    for (const method of e.methods) item[method.toLowerCase()] = operation(e, method, querySchemas[e.operationId]);
    paths[e.path] = item;
  }

  return {
    openapi: "3.1.1",
    info: {
      title: `${siteConfig.name} — public API`,
      version: "1",
      summary: "Keyless, read-only JSON API of a personal website.",
      description: [
        "Every endpoint is read-only, free and keyless; production is the sandbox.",
        "Every 200 carries `RateLimit-Policy`, `RateLimit` and a `Link` header to this document, the developer guide and the API catalog.",
        "Every path also answers HEAD (same headers, no body) and OPTIONS (CORS preflight; any origin).",
        "Errors share one shape (the Error schema). Clients must ignore unknown fields: new ones arrive without notice.",
        "Send no `API-Version` header, or `API-Version: 1`; any other value is answered 400 with `supported`.",
        `Rate limits per caller: ${Object.values(policies)
          .map((p) => `${p.name} ${p.limit}/${p.windowSeconds}s${p.soft ? " (soft, never a 429)" : ""}`)
          .join(", ")}.`,
      ].join("\n\n"),
      contact: { name: siteConfig.author.name, url: `${base}/developers` },
      license: { name: "MIT", identifier: "MIT" },
    },
    // A relative server ("/": wherever this document was fetched from) unless the operator
    // configured a public SITE_URL, so a local or preview deployment never advertises localhost.
    servers: [env().SITE_URL ? { url: base, description: "This deployment" } : { url: "/", description: "The host serving this document" }],
    security: [],
    tags: TAGS.filter((t) => endpoints.some((e) => e.tag === t.name)),
    externalDocs: { description: "Developer guide", url: `${base}/developers` },
    paths,
    components: {
      schemas,
      headers: sharedHeaders,
      responses: sharedResponses,
      parameters: {
        ApiVersion: {
          name: "API-Version",
          in: "header",
          required: false,
          description: "Optional. Only `1` is served; any other value is answered 400 (unsupported_api_version).",
          schema: { type: "string", enum: ["1"] },
        },
      },
    },
  };
}

function operation(e: Endpoint, method: ServedMethod, querySchema: Json | undefined): Json {
  const parameters: Json[] = [];
  const props = (querySchema?.properties ?? {}) as Record<string, Json>;
  const required = new Set((querySchema?.required ?? []) as string[]);
  for (const [name, schema] of Object.entries(props)) {
    const { description, ...rest } = schema;
    parameters.push({ name, in: "query", required: required.has(name), ...(description ? { description } : {}), schema: rest });
  }
  parameters.push(ref("parameters", "ApiVersion"));

  const okId = idOf(e.response.schema) ?? `${e.operationId}Response`;
  const contentType = (e.response.contentType ?? "application/json").split(";")[0];
  const okHeaders: Json = { Link: ref("headers", "Link"), "Cache-Control": ref("headers", "CacheControl") };
  if (e.policy) {
    okHeaders["RateLimit-Policy"] = ref("headers", "RateLimitPolicy");
    okHeaders.RateLimit = ref("headers", "RateLimit");
  }
  const responses: Record<string, Json> = {
    "200": {
      description: e.response.description,
      headers: okHeaders,
      content: {
        [contentType]: { schema: schemaRef(okId), ...(e.response.example !== undefined ? { example: e.response.example } : {}) },
        ...Object.fromEntries(
          (e.response.alternates ?? []).map((alt, i) => [
            alt.contentType.split(";")[0],
            { schema: { ...schemaRef(idOf(alt.schema) ?? `${e.operationId}Alternate${i}`), description: alt.description } },
          ]),
        ),
      },
    },
    "400": ref("responses", "BadRequest"),
    "405": ref("responses", "MethodNotAllowed"),
    ...(e.policy && !policies[e.policy].soft ? { "429": ref("responses", "TooManyRequests") } : {}),
    "500": ref("responses", "InternalError"),
  };
  for (const r of e.responses ?? []) responses[String(r.status)] = documented(e, r);

  const op: Json = {
    operationId: operationIdFor(e, method),
    summary: e.summary,
    description: e.policy
      ? `${e.description}\n\nRate limit: \`${e.policy}\` policy, ${policies[e.policy].limit} requests per ${policies[e.policy].windowSeconds} seconds per caller.`
      : e.description,
    tags: [e.tag],
    security: [],
    parameters,
    responses,
  };
  if (method === "POST" && e.body) {
    const bodyId = idOf(e.body) ?? `${e.operationId}Body`;
    op.requestBody = { required: true, content: { "application/json": { schema: schemaRef(bodyId) } } };
  }
  return op;
}

function documented(e: Endpoint, r: ResponseDoc): Json {
  const id = r.schema ? (idOf(r.schema) ?? `${e.operationId}${r.status}`) : "Error";
  const code = r.code ? ` (code ${r.code})` : "";
  const headers: Json = {};
  if (r.code && errorCatalogue[r.code].status === 503) headers["Retry-After"] = { description: "Seconds to wait before retrying.", schema: { type: "integer", minimum: 1 } };
  return { description: `${r.description}${code}`, ...(Object.keys(headers).length ? { headers } : {}), content: errorContent(schemaRef(id)) };
}

import type { z } from "zod";
import { TAGS, httpMethods, sendsEtag, toolName, type Endpoint, type HttpMethod, type ResponseDoc } from "@/lib/core/endpoint";
import { isTemporary } from "@/lib/core/errors";
import { standalone, toComponents, schemaRef } from "./json-schema";
import { allNamedSchemas } from "@/lib/core/schemas";
import { policies } from "@/lib/ratelimit";
import { siteConfig } from "@/site.config";
import { env } from "@/lib/env";
import { FEATURES } from "@/lib/features/rule";

type Json = Record<string, unknown>;

export function operationIdFor(e: Endpoint, method: HttpMethod): string {
  return method === "POST" && e.http?.post ? e.http.post.operation : e.name;
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
  RateLimit: header(
    "Remaining quota: r = requests left in the window, t = seconds until it resets.",
    { type: "string" },
    '"read";r=87;t=23',
  ),
  RetryAfter: header(
    "Seconds to wait before retrying (1-60). Takes precedence over RateLimit.",
    { type: "integer", minimum: 1, maximum: 60 },
    17,
  ),
  Link: header("Links to /openapi.json (service-desc), /developers (service-doc) and /.well-known/api-catalog (api-catalog).", {
    type: "string",
  }),
  CacheControl: header("How long the answer may be reused.", { type: "string" }, "public, max-age=300"),
  Allow: header("Methods this path answers.", { type: "string" }, "GET, HEAD, OPTIONS"),
  ETag: header("Strong validator of the body; send it back in If-None-Match to get a 304.", { type: "string" }),
};

const errorContent = (schema: Json = schemaRef("Error")) => ({ "application/json": { schema } });
const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

const sharedResponses: Record<string, Json> = {
  BadRequest: {
    description:
      "A parameter or the body is invalid (the Error names it in `parameter` or `field`), or API-Version is not served (code unsupported_api_version with `supported`).",
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
  UnsupportedMediaType: {
    description:
      "The body's Content-Type is not JSON (code unsupported_media_type; `accepted` lists what is). No Content-Type at all is read as JSON.",
    content: errorContent(),
  },
};

/**
 * OpenAPI 3.1 for every registered endpoint: the one description clients, MCP and docs share.
 * `offered` is this process's decision (lib/surface/endpoints.ts): an endpoint of a feature
 * that is off stays documented (it answers what it documents for a site without it) but says
 * so in `x-feature`, and only an offered tool is named in `x-mcp-tool`.
 */
export function buildOpenApi(all: readonly Endpoint[], base: string, offered: (e: Endpoint) => boolean = () => true): Json {
  const endpoints = all.filter((e) => e.http);
  const extraOut: Record<string, z.ZodType> = {};
  const extraIn: Record<string, z.ZodType> = {};
  for (const e of endpoints) {
    if (!idOf(e.output)) extraOut[`${e.name}Response`] = e.output;
    for (const [i, alt] of (e.http!.representations ?? []).entries())
      if (!idOf(alt.schema)) extraOut[`${e.name}Alternate${i}`] = alt.schema;
    for (const r of e.errors ?? []) if (r.schema && !idOf(r.schema)) extraOut[`${e.name}${r.status}`] = r.schema;
    if (e.input) extraIn[`__query_${e.name}`] = e.input;
    const body = e.http!.post?.body;
    if (body && !idOf(body)) extraIn[`${e.name}Body`] = body;
  }
  const outSchemas = toComponents(extraOut, "output");
  const inSchemas = toComponents(extraIn, "input");
  const querySchemas: Record<string, Json> = {};
  for (const [id, s] of Object.entries(inSchemas)) if (id.startsWith("__query_")) querySchemas[id.slice(8)] = s;
  // In name order: the order schemas are defined in depends on which module a bundle loads
  // first, and the same build must send the same bytes (and ETag) from every way in.
  const schemas: Record<string, Json> = {};
  for (const [id, s] of Object.entries({ ...inSchemas, ...outSchemas }).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    if (!id.startsWith("__query_")) schemas[id] = s;

  const paths: Record<string, Json> = {};
  for (const e of endpoints) {
    const item: Json = {};
    for (const method of httpMethods(e)) item[method.toLowerCase()] = operation(e, method, querySchemas[e.name], offered(e));
    paths[e.http!.path] = item;
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
    tags: Object.entries(TAGS)
      .filter(([name]) => endpoints.some((e) => e.tag === name))
      .map(([name, description]) => ({ name, description })),
    externalDocs: { description: "Developer guide", url: `${base}/developers` },
    // Read by agent-readiness scanners (lens among them): checks that do not apply here, and why.
    "x-agent-readiness": { notApplicable: siteConfig.agentReadinessNotApplicable },
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

function operation(e: Endpoint, method: HttpMethod, querySchema: Json | undefined, on: boolean): Json {
  const http = e.http!;
  const parameters: Json[] = [];
  const props = (querySchema?.properties ?? {}) as Record<string, Json>;
  // A POST carries its input in the body; query-string fields only fill what the body leaves
  // out, so none is required, and one the body must always give is not listed.
  const withBody = method === "POST" && http.post !== undefined;
  const always = withBody ? alwaysInBody(http.post!) : new Set<string>();
  const required = new Set(withBody ? [] : ((querySchema?.required ?? []) as string[]));
  for (const [name, schema] of Object.entries(props)) {
    if (always.has(name)) continue;
    const { description, ...rest } = schema;
    const said =
      withBody && description ? `${String(description).replace(/([^.!?])$/, "$1.")} Read only when the body leaves it out.` : description;
    parameters.push({ name, in: "query", required: required.has(name), ...(said ? { description: said } : {}), schema: rest });
  }
  parameters.push(ref("parameters", "ApiVersion"));

  const okId = idOf(e.output) ?? `${e.name}Response`;
  const contentType = (http.media ?? "application/json").split(";")[0];
  const policy = typeof e.policy === "function" ? null : e.policy;
  const okHeaders: Json = { Link: ref("headers", "Link"), "Cache-Control": ref("headers", "CacheControl") };
  if (sendsEtag(http)) okHeaders.ETag = ref("headers", "ETag");
  if (policy) {
    okHeaders["RateLimit-Policy"] = ref("headers", "RateLimitPolicy");
    okHeaders.RateLimit = ref("headers", "RateLimit");
  }
  const responses: Record<string, Json> = {
    "200": {
      description: e.outputDescription,
      headers: okHeaders,
      content: {
        [contentType]: { schema: schemaRef(okId), ...(http.example !== undefined ? { example: http.example } : {}) },
        ...Object.fromEntries(
          (http.representations ?? []).map((alt, i) => [
            alt.media.split(";")[0],
            { schema: { ...schemaRef(idOf(alt.schema) ?? `${e.name}Alternate${i}`), description: alt.description } },
          ]),
        ),
      },
    },
    "400": ref("responses", "BadRequest"),
    "405": ref("responses", "MethodNotAllowed"),
    ...(policy && !policies[policy].soft ? { "429": ref("responses", "TooManyRequests") } : {}),
    "500": ref("responses", "InternalError"),
  };
  if (method === "POST") responses["415"] = ref("responses", "UnsupportedMediaType");
  if (sendsEtag(http))
    responses["304"] = {
      description: "Not modified: the ETag sent in If-None-Match is current.",
      headers: { ETag: ref("headers", "ETag") },
    };
  const byStatus = new Map<number, ResponseDoc[]>();
  for (const r of e.errors ?? []) byStatus.set(r.status, [...(byStatus.get(r.status) ?? []), r]);
  for (const [status, docs] of byStatus) responses[String(status)] = documented(e, docs);

  const op: Json = {
    operationId: operationIdFor(e, method),
    summary: method === "POST" && http.post?.summary ? http.post.summary : e.summary,
    description: policy
      ? `${e.description}\n\nRate limit: \`${policy}\` policy, ${policies[policy].limit} requests per ${policies[policy].windowSeconds} seconds per caller.`
      : e.description,
    tags: [e.tag],
    security: [],
    parameters,
    responses,
  };
  if (e.feature) op["x-feature"] = { name: e.feature.name, label: FEATURES[e.feature.name].label, on };
  const tool = toolName(e);
  if (tool && on) op["x-mcp-tool"] = tool;
  if (method === "POST" && http.post) {
    const bodyId = idOf(http.post.body) ?? `${e.name}Body`;
    op.requestBody = { required: true, content: { "application/json": { schema: schemaRef(bodyId), example: http.post.example } } };
  }
  return op;
}

/** One status of one operation; several documented causes of one status share it (their bodies as anyOf). */
function documented(e: Endpoint, docs: ResponseDoc[]): Json {
  const ids = [...new Set(docs.map((r) => (r.schema ? (idOf(r.schema) ?? `${e.name}${r.status}`) : "Error")))];
  const headers: Json = {};
  // What passes by itself says when to look again; "not configured" lasts until the owner acts.
  if (docs.some((r) => r.status === 503 && r.code !== undefined && isTemporary(r.code)))
    headers["Retry-After"] = {
      description: "Seconds to wait before retrying (also in the body as `retryAfter`), when the cause is temporary.",
      schema: { type: "integer", minimum: 1 },
    };
  return {
    description: docs.map((r) => `${r.description}${r.code ? ` (code ${r.code})` : ""}`).join("; "),
    ...(Object.keys(headers).length ? { headers } : {}),
    content: errorContent(ids.length === 1 ? schemaRef(ids[0]) : { anyOf: ids.map((id) => schemaRef(id)) }),
  };
}

/** The input fields a POST body must always give (their body path is required all the way down). */
function alwaysInBody(post: NonNullable<NonNullable<Endpoint["http"]>["post"]>): Set<string> {
  const body = standalone(post.body, "input");
  const required = (dotted: string) => {
    let node: Json | undefined = body;
    for (const key of dotted.split(".")) {
      if (!node || !((node.required ?? []) as string[]).includes(key)) return false;
      node = (node.properties as Record<string, Json> | undefined)?.[key];
    }
    return true;
  };
  return new Set(Object.entries(post.fields).flatMap(([name, dotted]) => (required(dotted) ? [name] : [])));
}

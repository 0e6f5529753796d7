import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { NextRequest } from "next/server";
import { ApiError } from "./errors";
import { foreignMethod, identifyCaller, stampedByServer, type Caller } from "./caller";
import { publicBase } from "./base-url";
import { httpMethods, sendsEtag, type CachePolicy, type Endpoint, type RunContext } from "./endpoint";
import { invoke, rateLimited, spend, toApiError, type LimitState, type RawSource } from "./invoke";
import { validationError } from "./validation";
import { policyHeader, rateLimitHeader, type PolicyName } from "@/lib/ratelimit";
import { COMPRESSIBLE, COMPRESS_THRESHOLD, CORS_HEADERS, ENCODED_HEADER, ERROR_HEADERS, MAX_BODY_BYTES } from "./wire.mjs";

/**
 * The one response builder. Endpoints, pages' 405/OPTIONS (proxy.ts), the 404
 * negotiation, Markdown twins, the build's artifacts, the MCP route and the custom
 * server's own errors all answer through it, so statuses, headers and error bodies
 * cannot drift apart.
 */

export const SERVED_API_VERSIONS = ["1"] as const;
export const ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type AnyMethod = (typeof ALL_METHODS)[number];

export const LINK_HEADER = [
  '</openapi.json>; rel="service-desc"; type="application/openapi+json"',
  '</developers>; rel="service-doc"; type="text/html"',
  '</.well-known/api-catalog>; rel="api-catalog"; type="application/linkset+json"',
].join(", ");

export { CORS_HEADERS } from "./wire.mjs";

export const PREFLIGHT_ALLOW_HEADERS = "Accept, Content-Type, API-Version, Last-Event-ID, If-None-Match";

// Per-request work is kept to what differs between requests: the headers every answer of
// a kind shares (commonHeaders, a policy's RateLimit-Policy, a route's Cache-Control) are
// built once and copied, not rebuilt from spreads and template strings on every call.
const cacheControlOf = new WeakMap<object, string>();
export function cacheControl(policy: CachePolicy): string {
  if (policy === "no-store") return "no-store";
  let known = cacheControlOf.get(policy);
  if (known === undefined) cacheControlOf.set(policy, (known = cacheControlText(policy)));
  return known;
}

function cacheControlText(policy: Exclude<CachePolicy, "no-store">): string {
  const parts = ["public", `max-age=${policy.maxAge}`];
  if (policy.sMaxAge !== undefined) parts.push(`s-maxage=${policy.sMaxAge}`);
  if (policy.staleWhileRevalidate !== undefined) parts.push(`stale-while-revalidate=${policy.staleWhileRevalidate}`);
  return parts.join(", ");
}

const COMMON_HEADERS: Readonly<Record<string, string>> = Object.freeze({ ...CORS_HEADERS, "x-content-type-options": "nosniff" });
const NEGOTIATED_COMMON_HEADERS: Readonly<Record<string, string>> = Object.freeze({ ...COMMON_HEADERS, vary: "Accept" });

/** Headers on every answer of the builder, success or error. */
function commonHeaders(negotiated: boolean | undefined, extra?: Record<string, string>): Record<string, string> {
  return { ...(negotiated ? NEGOTIATED_COMMON_HEADERS : COMMON_HEADERS), ...extra };
}

const policyHeaderOf = new WeakMap<object, string>();
export function limitHeaders(limit: LimitState | undefined): Record<string, string> {
  if (!limit) return {};
  let policy = policyHeaderOf.get(limit.policy);
  if (policy === undefined) policyHeaderOf.set(limit.policy, (policy = policyHeader(limit.policy)));
  return { "ratelimit-policy": policy, ratelimit: rateLimitHeader(limit.policy, limit.remaining, limit.resetSeconds) };
}

// Responses this module built with every shared header already on them: route() hands them
// on as they are instead of copying them into a second Response (a Headers fill and a
// Response per request, about 2% of a JSON route's CPU).
const complete = new WeakSet<Response>();
function done(res: Response): Response {
  complete.add(res);
  return res;
}

/** The spec's Error body with the shared headers; never cached. */
export function errorResponse(err: ApiError, o: { head?: boolean; negotiated?: boolean; headers?: Record<string, string> } = {}): Response {
  const headers = {
    ...commonHeaders(o.negotiated, o.headers),
    "cache-control": ERROR_HEADERS["cache-control"],
    ...err.headers,
    "content-type": ERROR_HEADERS["content-type"],
  };
  return done(new Response(o.head ? null : JSON.stringify(err.body()), { status: err.status, headers }));
}

/** An error page that is not JSON (the Markdown or HTML 404), with the same shared headers. */
export function documentErrorResponse(
  status: number,
  body: string,
  media: string,
  o: { head?: boolean; negotiated?: boolean; headers?: Record<string, string> } = {},
): Response {
  return new Response(o.head ? null : body, {
    status,
    headers: { ...commonHeaders(o.negotiated), ...o.headers, "cache-control": "no-store", "content-type": media },
  });
}

export interface Reply {
  status?: number;
  body: BodyInit | null;
  media: string;
  headers?: Record<string, string>;
  cache: CachePolicy;
  /** Strong ETag over the body (string or bytes only) and 304 on If-None-Match. */
  etag?: boolean;
}

/** A success in the shared shape: CORS, Link, Cache-Control, RateLimit, optional ETag, HEAD without body. */
export function successResponse(
  req: Request,
  reply: Reply,
  o: { negotiated?: boolean; limit?: LimitState; viaServer?: boolean } = {},
): Response {
  const headers: Record<string, string> = { ...(o.negotiated ? NEGOTIATED_COMMON_HEADERS : COMMON_HEADERS) };
  if (o.limit) Object.assign(headers, limitHeaders(o.limit));
  headers.link = LINK_HEADER;
  headers["cache-control"] = cacheControl(reply.cache);
  headers["content-type"] = reply.media;
  if (reply.headers) Object.assign(headers, reply.headers);
  // A reply's own links (a twin's canonical page) come after the API's shared ones.
  if (reply.headers?.link) headers.link = `${LINK_HEADER}, ${reply.headers.link}`;
  const head = req.method === "HEAD";
  const viaServer = o.viaServer ?? stampedByServer(req.headers);
  // A body too small to be worth gzip: server.mjs's compressor cannot tell (Next streams the
  // body without a length) and would gzip a 300-byte answer through a zlib stream, at a
  // fifth of /health.json's throughput.
  if (viaServer && isSmall(reply.body)) headers[ENCODED_HEADER] = "identity";
  if (reply.etag && (typeof reply.body === "string" || reply.body instanceof Uint8Array)) {
    const tag = etagOf(reply.body);
    headers.etag = tag;
    if (etagMatches(req.headers.get("if-none-match"), tag)) return done(new Response(null, { status: 304, headers }));
    if (!head && viaServer && acceptsGzip(req.headers.get("accept-encoding")) && COMPRESSIBLE.test(reply.media)) {
      const gz = gzippedOnce(tag, reply.body);
      if (gz) {
        headers[ENCODED_HEADER] = "gzip";
        headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
        return done(new Response(gz as Uint8Array<ArrayBuffer>, { status: reply.status ?? 200, headers }));
      }
    }
  }
  return done(new Response(head ? null : reply.body, { status: reply.status ?? 200, headers }));
}

function isSmall(body: BodyInit | null): boolean {
  if (body === null) return true;
  if (typeof body === "string") return body.length < COMPRESS_THRESHOLD && Buffer.byteLength(body) < COMPRESS_THRESHOLD;
  return body instanceof Uint8Array && body.byteLength < COMPRESS_THRESHOLD;
}

/** True when Accept-Encoding takes gzip (by name or `*`) with a q above 0. */
export function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  let star = false;
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const ok = !q || Number(q.slice(2)) > 0;
    if (name.trim() === "gzip") return ok;
    if (name.trim() === "*") star = ok;
  }
  return star;
}

/**
 * The gzip of a body sent before, made once: server.mjs's compressor would gzip the same
 * 175-270 KB feed or llms-full.txt on every request (a third of their throughput). A body
 * is compressed here the second time its ETag is seen, so one-off bodies (search results)
 * still stream through the compressor and never fill this cache; the cache holds at most
 * GZIP_CACHE_BYTES. The bytes are what the compressor would send; the ETag stays the body's,
 * as it does when the compressor encodes.
 */
const GZIP_CACHE_BYTES = 16 * 1024 * 1024;
const gzipped = new Map<string, Uint8Array | null>();
let gzippedBytes = 0;
function gzippedOnce(tag: string, body: string | Uint8Array): Uint8Array | undefined {
  const hit = gzipped.get(tag);
  if (hit) return hit;
  const size = typeof body === "string" ? Buffer.byteLength(body) : body.byteLength;
  if (size < COMPRESS_THRESHOLD) return undefined;
  if (hit === undefined) {
    if (gzipped.size >= 1024) reset();
    gzipped.set(tag, null);
    return undefined;
  }
  const bytes = gzipSync(body);
  if (gzippedBytes + bytes.byteLength > GZIP_CACHE_BYTES) reset();
  gzipped.set(tag, bytes);
  gzippedBytes += bytes.byteLength;
  return bytes;
}
function reset() {
  gzipped.clear();
  gzippedBytes = 0;
}

// The same body is usually sent again and again (/openapi.json is one cached string per
// base URL, the feeds and llms.txt too): hash each once, not on every request. Keyed by the
// text (V8 keeps a string's hash, so a string the process already holds is found without
// reading it again); bytes are hashed each time, as a route may reuse and refill a buffer.
// At most TAG_CACHE_CHARS of text is held, however many different bodies pass.
const TAG_CACHE_CHARS = 8 * 1024 * 1024;
const tags = new Map<string, string>();
let tagChars = 0;
function etagOf(body: string | Uint8Array): string {
  let tag = typeof body === "string" ? tags.get(body) : undefined;
  if (tag === undefined) {
    tag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
    if (typeof body === "string") {
      if (tagChars + body.length > TAG_CACHE_CHARS) {
        tags.clear();
        tagChars = 0;
      }
      tags.set(body, tag);
      tagChars += body.length;
    }
  }
  return tag;
}

// A frozen output (lib/content/endpoints.ts hands every request the same one) is serialized once.
const serialized = new WeakMap<object, string>();
function toJson(data: unknown): string {
  if (!data || typeof data !== "object" || !Object.isFrozen(data)) return JSON.stringify(data);
  let s = serialized.get(data);
  if (s === undefined) serialized.set(data, (s = JSON.stringify(data)));
  return s;
}

function etagMatches(ifNoneMatch: string | null, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((t) => {
    const v = t.trim().replace(/^W\//, "");
    return v === "*" || v === tag;
  });
}

/** The 204 answer to a CORS preflight: for any origin, or per Origin for a route that chooses. */
export function preflightResponse(
  allow: readonly string[],
  negotiated?: boolean,
  allowHeaders = PREFLIGHT_ALLOW_HEADERS,
  /** Whether the route takes calls from the requesting page's Origin: "any" (the API), or per Origin. */
  origin: "any" | "granted" | "refused" = "any",
): Response {
  const list = allow.join(", ");
  const headers: Record<string, string> = { ...commonHeaders(negotiated), allow: list };
  // A route that chooses by Origin answers preflights differently per Origin.
  if (origin !== "any") headers.vary = headers.vary ? `${headers.vary}, Origin` : "Origin";
  if (origin === "refused") {
    // Nothing granted: the browser stops here instead of sending a request the route refuses.
    delete headers["access-control-allow-origin"];
    delete headers["access-control-expose-headers"];
  } else
    Object.assign(headers, {
      "access-control-allow-methods": list,
      "access-control-allow-headers": allowHeaders,
      "access-control-max-age": "86400",
    });
  return new Response(null, { status: 204, headers });
}

/** The spec's 405: the method named, `Allow` and `allow` listing what the path answers. */
function notAllowed(method: string, path: string, allow: readonly string[]): ApiError {
  const list = allow.join(", ");
  return new ApiError("method_not_allowed", `${method} is not served at ${path}; use ${list}.`, {
    extras: { allow: [...allow] },
    headers: { allow: list },
  });
}

/** Pages and other read-only paths: OPTIONS is a preflight, anything but GET/HEAD a 405. Undefined: go on. */
export function readOnlyMethods(req: Request, path: string): Response | undefined {
  const allow = ["GET", "HEAD", "OPTIONS"];
  const sent = foreignMethod(req.headers) ?? req.method;
  if (sent === "OPTIONS") return preflightResponse(allow, true);
  if (sent === "GET" || sent === "HEAD") return undefined;
  return errorResponse(notAllowed(sent, path, allow), { negotiated: true });
}

function apiVersionError(req: Request): ApiError | undefined {
  const version = req.headers.get("api-version");
  if (version === null || SERVED_API_VERSIONS.includes(version.trim() as "1")) return undefined;
  return new ApiError("unsupported_api_version", `API-Version ${JSON.stringify(version)} is not served; the only version is 1.`, {
    extras: { supported: [...SERVED_API_VERSIONS] },
  });
}

export interface RouteOptions {
  /** For messages (the route's own path, or a pattern). */
  path: string;
  /** Methods served besides HEAD (with GET) and OPTIONS. */
  methods: readonly ("GET" | "POST")[];
  negotiated?: boolean;
  /** A budget every call of the route draws on (checked before the route runs). */
  policy?: PolicyName;
  /** Routes only the operator's scheduler calls: `Authorization: Bearer <secret>`; no secret configured → refused. */
  secret?: () => string | undefined;
  /** Request headers a browser may send in a preflight, when more than the API's usual ones. */
  preflightHeaders?: string;
  /**
   * Origins a browser may call the route from, when not every one: a request from another
   * is refused 403, and its preflight is granted nothing.
   */
  allowsOrigin?: (origin: string) => boolean;
  /** Fields every error body of the route carries (an endpoint's own, e.g. /ask's `query_id`). */
  errorExtras?: (req: NextRequest) => Record<string, unknown>;
}

export interface RouteRequest {
  req: NextRequest;
  method: "GET" | "POST";
  caller: Caller;
  base: string;
  limit?: LimitState;
}

export type RouteHandler = (req: NextRequest, ctx?: unknown) => Promise<Response>;

/**
 * A route that is not a registered endpoint (twins, the 404, the MCP transport, cron):
 * the same methods table, preflight, API-Version, budget and error conversion as an
 * endpoint. `handle` returns a Reply, or a Response (the MCP transport's own), to which
 * the shared headers are added.
 */
export function route(
  o: RouteOptions,
  handle: (r: RouteRequest, routeCtx: unknown) => Promise<Reply | Response>,
): Record<AnyMethod, RouteHandler> {
  const served = new Set<string>([...o.methods, "OPTIONS"]);
  if (o.methods.includes("GET")) served.add("HEAD");
  const allow = ALL_METHODS.filter((m) => served.has(m));

  async function serve(req: NextRequest, method: AnyMethod, routeCtx: unknown): Promise<Response> {
    const head = method === "HEAD";
    if (method === "OPTIONS") {
      const origin = req.headers.get("origin");
      const verdict = !o.allowsOrigin ? "any" : origin === null || o.allowsOrigin(origin) ? "granted" : "refused";
      return preflightResponse(allow, o.negotiated, o.preflightHeaders, verdict);
    }
    let limit: LimitState | undefined;
    try {
      // A method Next cannot route arrives as PATCH with the real one beside it (server.mjs).
      const sent = foreignMethod(req.headers);
      if (sent || !served.has(method)) throw notAllowed(sent ?? method, o.path, allow);
      const versionError = apiVersionError(req);
      if (versionError) throw versionError;
      if (o.secret) checkSecret(req, o.secret());
      const origin = o.allowsOrigin && req.headers.get("origin");
      if (origin && !o.allowsOrigin!(origin))
        throw new ApiError("forbidden", `Origin ${origin} may not call ${o.path}.`, {
          hint: "Call it from a server or an agent (no Origin header), or from this site's own pages.",
        });
      const caller = identifyCaller(req.headers);
      if (o.policy) {
        limit = await spend(o.policy, caller);
        if (!limit.allowed) throw rateLimited(limit);
      }
      const reply = await handle(
        { req, method: head ? "GET" : (method as "GET" | "POST"), caller, base: publicBase(req), limit },
        routeCtx,
      );
      if (reply instanceof Response) return withSharedHeaders(reply, o.negotiated, limit, head);
      return successResponse(req, reply, { negotiated: o.negotiated, limit });
    } catch (err) {
      const e = toApiError(err, o.path);
      if (o.errorExtras) Object.assign(e.extras, { ...o.errorExtras(req), ...e.extras });
      return errorResponse(e, { head, negotiated: o.negotiated, headers: limitHeaders(limit) });
    }
  }
  return Object.fromEntries(ALL_METHODS.map((m) => [m, (req: NextRequest, ctx?: unknown) => serve(req, m, ctx)])) as Record<
    AnyMethod,
    RouteHandler
  >;
}

function withSharedHeaders(res: Response, negotiated: boolean | undefined, limit: LimitState | undefined, head: boolean): Response {
  // A complete response lacks only a budget this route spent itself (the twins' read budget).
  if (complete.has(res) && !limit) return res;
  const headers = new Headers({ ...commonHeaders(negotiated), ...limitHeaders(limit), ...(res.ok ? { link: LINK_HEADER } : {}) });
  res.headers.forEach((v, k) => headers.set(k, v));
  return new Response(head ? null : res.body, { status: res.status, headers });
}

function checkSecret(req: Request, secret: string | undefined): void {
  if (!secret)
    throw new ApiError("not_configured", "This route is switched off: no secret is configured for it.", {
      hint: "Set CRON_SECRET to enable it.",
    });
  const given = req.headers.get("authorization") ?? "";
  const expected = `Bearer ${secret}`;
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  if (!a.equals(b)) throw new ApiError("unauthorized", undefined, { headers: { "www-authenticate": "Bearer" } });
}

/**
 * The HTTP side of a registered endpoint: query string (and a POST body mapped onto the
 * same input) into `invoke()`, then the data encoded as JSON, as the endpoint's declared
 * media type, or as the representation the input asks for.
 */
export function endpointHandlers(e: Endpoint): Record<AnyMethod, RouteHandler> {
  const b = e.http;
  if (!b) throw new Error(`${e.name} has no HTTP binding`);
  const keys = e.input ? Object.keys(e.input.shape) : [];
  const errorExtras = e.errorExtras && ((req: NextRequest) => e.errorExtras!(queryObject(req.nextUrl.searchParams, keys), publicBase(req)));
  return route({ path: b.path, methods: httpMethods(e), negotiated: b.negotiated, errorExtras }, async ({ req, method, caller, base }) => {
    const query = queryObject(req.nextUrl.searchParams, keys);
    const post = method === "POST" ? b.post : undefined;
    const source: Record<string, unknown> | RawSource = post ? postSource(req, post, query) : query;
    const outcome = await invoke(e, source, caller, { base, signal: req.signal, operation: post?.operation });
    const timing = serverTiming(outcome.timings);
    const extra = timing ? { "server-timing": timing } : undefined;
    if (!outcome.ok) {
      if (post) nameBodyField(outcome.error, source as RawSource);
      return errorResponse(outcome.error, {
        head: req.method === "HEAD",
        negotiated: b.negotiated,
        headers: { ...limitHeaders(outcome.limit), ...extra },
      });
    }
    const input = outcome.input as Record<string, unknown>;
    const rep = b.representations?.find((r) => r.applies(input));
    if (rep) {
      const body = rep.render(outcome.data, input, outcome.ctx as RunContext);
      return successResponse(
        req,
        { body, media: rep.media, headers: { ...rep.headers, ...extra }, cache: b.cache },
        { negotiated: b.negotiated, limit: outcome.limit },
      );
    }
    const body: BodyInit = b.encode ? (b.encode(outcome.data as never) as BodyInit) : toJson(outcome.data);
    const headers = { ...b.headers?.(outcome.data as never), ...extra };
    return successResponse(
      req,
      // Every cacheable answer has an ETag, so a client revalidates with a 304 instead of a download.
      { body, media: b.media ?? "application/json; charset=utf-8", headers, cache: b.cache, etag: sendsEtag(b) },
      { negotiated: b.negotiated, limit: outcome.limit },
    );
  });
}

type PostBinding = NonNullable<NonNullable<Endpoint["http"]>["post"]>;

/** The value at a dotted path of a parsed body (`query.site`), or undefined. */
function at(body: unknown, dotted: string): unknown {
  let v: unknown = body;
  for (const key of dotted.split(".")) v = v !== null && typeof v === "object" ? (v as Record<string, unknown>)[key] : undefined;
  return v;
}

/** The JSON body of a POST, validated by its own schema and mapped onto the endpoint's input (body values win). */
function postSource(req: NextRequest, post: PostBinding, query: Record<string, string>): RawSource {
  let parsedBody: unknown;
  // The input fields the body gave (the rest came from the query string).
  const fromBody = new Set<string>();
  return {
    bodyField: (name) => (fromBody.has(name) ? post.fields[name] : undefined),
    partial: () => ({ ...query, ...(parsedBody && typeof parsedBody === "object" ? (parsedBody as Record<string, unknown>) : {}) }),
    read: async () => {
      const text = await readBody(req);
      try {
        parsedBody = JSON.parse(text);
      } catch {
        throw new ApiError("bad_request", "The request body is not valid JSON.", { extras: { field: "body" } });
      }
      const checked = post.body.safeParse(parsedBody);
      if (!checked.success) throw validationError(checked.error.issues, "body");
      const input: Record<string, unknown> = { ...query };
      for (const [name, dotted] of Object.entries(post.fields)) {
        const v = at(checked.data, dotted);
        if (v === undefined) continue;
        input[name] = v;
        fromBody.add(name);
      }
      return input;
    },
  };
}

/** An error an endpoint raised about a value the POST body gave names it where the client wrote it: `field: "query.site"`. */
function nameBodyField(error: ApiError, source: RawSource): void {
  const name = error.extras.parameter;
  const field = typeof name === "string" ? source.bodyField?.(name) : undefined;
  if (field === undefined) return;
  delete error.extras.parameter;
  error.extras.field = field;
}

/**
 * Every body the API takes is JSON: a body declared as anything else (a form, plain text,
 * multipart) is refused 415 before it is read. No Content-Type at all is taken as JSON.
 */
function checkJsonType(req: Request): void {
  const type = req.headers.get("content-type");
  if (type === null) return;
  const media = type.split(";")[0].trim().toLowerCase();
  if (media === "application/json" || /^application\/[\w.+-]+\+json$/.test(media)) return;
  throw new ApiError("unsupported_media_type", `A body of type ${JSON.stringify(media || type)} is not served here.`, {
    extras: { accepted: ["application/json"] },
  });
}

/**
 * A request body as text, refused past 64 KiB: at once when declared, else counted as it
 * streams (a chunked upload with no length), so no more than 64 KiB is ever held; the rest
 * is never read, and the connection closes behind the answer.
 */
export async function readBody(req: Request): Promise<string> {
  checkJsonType(req);
  // The rest of the body is never read, so the connection cannot carry another request.
  const tooLarge = () =>
    new ApiError("bad_request", `The request body is larger than ${MAX_BODY_BYTES} bytes.`, { headers: { connection: "close" } });
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch {
      // The client went away mid-upload: its error, answered to no one, and nothing to log.
      throw new ApiError("bad_request", "The request body did not arrive whole.", { headers: { connection: "close" } });
    }
    const { done, value } = next;
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The declared query parameters as an object, first value of each (unknown parameters are ignored). */
export function queryObject(params: URLSearchParams, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of keys) {
    const v = params.get(k);
    if (v !== null) out[k] = v;
  }
  return out;
}

/** `fetch;dur=12.3, analyze;dur=20.1`: where the server's time went (W3C Server Timing). */
export function serverTiming(t: Record<string, number>): string {
  return Object.entries(t)
    .map(([k, v]) => `${k};dur=${v.toFixed(1)}`)
    .join(", ");
}

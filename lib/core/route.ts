import { createHash } from "node:crypto";
import { ApiError } from "./errors";
import { foreignMethod, identifyCaller, type Caller } from "./caller";
import { publicBase } from "./base-url";
import type { z } from "zod";
import { sendsEtag, type Endpoint, type TypedEndpoint } from "./endpoint";
import { invokeTyped, rateLimited, spend, toApiError, type LimitState, type RawSource } from "./invoke";
import type { PolicyName } from "@/lib/ratelimit";
import { limitHeaders } from "./budget";
import { postSource } from "./body";
import { toJson } from "./memo";
import { LINK_HEADER, commonHeaders, complete, errorResponse, preflightResponse, successResponse, type Reply } from "./response";

/**
 * The HTTP face of the API: the methods table, 405 with Allow, preflight, API-Version, the
 * budget and error conversion, for registered endpoints (`endpointHandlers`) and the few
 * routes that are not (`route`).
 */

export const SERVED_API_VERSIONS = ["1"] as const;
export const ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type AnyMethod = (typeof ALL_METHODS)[number];

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
  errorExtras?: (req: Request) => Record<string, unknown>;
}

export interface RouteRequest {
  req: Request;
  method: "GET" | "POST";
  caller: Caller;
  base: string;
  limit?: LimitState;
}

export type RouteHandler = (req: Request, ctx?: unknown) => Promise<Response>;

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

  async function serve(req: Request, method: AnyMethod, routeCtx: unknown): Promise<Response> {
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
  return Object.fromEntries(ALL_METHODS.map((m) => [m, (req: Request, ctx?: unknown) => serve(req, m, ctx)])) as Record<
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
  return e.open((typed) => typedHandlers(typed));
}

function typedHandlers<I extends z.ZodObject, O extends z.ZodType>(e: TypedEndpoint<I, O>): Record<AnyMethod, RouteHandler> {
  const b = e.http;
  if (!b) throw new Error(`${e.name} has no HTTP binding`);
  const keys = e.input ? Object.keys(e.input.shape) : [];
  const errorExtras =
    e.errorExtras && ((req: Request) => e.errorExtras!(queryObject(new URL(req.url).searchParams, keys), publicBase(req)));
  const methods = b.methods ?? ["GET"];
  return route({ path: b.path, methods, negotiated: b.negotiated, errorExtras }, async ({ req, method, caller, base }) => {
    const query = queryObject(new URL(req.url).searchParams, keys);
    const post = method === "POST" ? b.post : undefined;
    const body = post ? postSource(req, post, query) : undefined;
    const outcome = await invokeTyped(e, body ?? query, caller, { base, signal: req.signal, operation: post?.operation });
    const timing = serverTiming(outcome.timings);
    const extra = timing ? { "server-timing": timing } : undefined;
    if (!outcome.ok) {
      if (body) nameBodyField(outcome.error, body);
      return errorResponse(outcome.error, {
        head: req.method === "HEAD",
        negotiated: b.negotiated,
        headers: { ...limitHeaders(outcome.limit), ...extra },
      });
    }
    const rep = b.representations?.find((r) => r.applies(outcome.input));
    if (rep) {
      return successResponse(
        req,
        {
          body: rep.render(outcome.data, outcome.input, outcome.ctx),
          media: rep.media,
          headers: { ...rep.headers, ...extra },
          cache: b.cache,
        },
        { negotiated: b.negotiated, limit: outcome.limit },
      );
    }
    const encoded: BodyInit = b.encode ? (b.encode(outcome.data) as BodyInit) : toJson(outcome.data);
    const headers = { ...b.headers?.(outcome.data), ...extra };
    return successResponse(
      req,
      // Every cacheable answer has an ETag, so a client revalidates with a 304 instead of a download.
      { body: encoded, media: b.media ?? "application/json; charset=utf-8", headers, cache: b.cache, etag: sendsEtag(b) },
      { negotiated: b.negotiated, limit: outcome.limit },
    );
  });
}

/** An error an endpoint raised about a value the POST body gave names it where the client wrote it: `field: "query.site"`. */
function nameBodyField(error: ApiError, source: RawSource): void {
  const name = error.extras.parameter;
  const field = typeof name === "string" ? source.bodyField?.(name) : undefined;
  if (field === undefined) return;
  delete error.extras.parameter;
  error.extras.field = field;
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

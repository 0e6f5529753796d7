import { ApiError } from "./errors";
import type { CachePolicy } from "./endpoint";
import type { LimitState } from "./invoke";
import { limitHeaders } from "./budget";
import { etagMatches, etagOf } from "./memo";
import { CORS_HEADERS, ERROR_HEADERS } from "./wire";

/**
 * The one response builder. Endpoints, pages' 405/OPTIONS (proxy.ts), the 404
 * negotiation, Markdown twins, the build's artifacts and the MCP route all answer through
 * it, so statuses, headers and error bodies cannot drift apart. How the answer travels
 * (compression, the security headers) is the edge's (lib/edge), which adds to these headers
 * and never rewrites them.
 */

export const LINK_HEADER = [
  '</openapi.json>; rel="service-desc"; type="application/openapi+json"',
  '</developers>; rel="service-doc"; type="text/html"',
  '</.well-known/api-catalog>; rel="api-catalog"; type="application/linkset+json"',
].join(", ");

export { CORS_HEADERS } from "./wire";

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
export function commonHeaders(negotiated: boolean | undefined, extra?: Record<string, string>): Record<string, string> {
  return { ...(negotiated ? NEGOTIATED_COMMON_HEADERS : COMMON_HEADERS), ...extra };
}

// Responses this module built with every shared header already on them: route() hands them
// on as they are instead of copying them into a second Response (a Headers fill and a
// Response per request, about 2% of a JSON route's CPU).
export const complete = new WeakSet<Response>();
export function done(res: Response): Response {
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
export function successResponse(req: Request, reply: Reply, o: { negotiated?: boolean; limit?: LimitState } = {}): Response {
  const headers: Record<string, string> = { ...(o.negotiated ? NEGOTIATED_COMMON_HEADERS : COMMON_HEADERS) };
  if (o.limit) Object.assign(headers, limitHeaders(o.limit));
  headers.link = LINK_HEADER;
  headers["cache-control"] = cacheControl(reply.cache);
  headers["content-type"] = reply.media;
  if (reply.headers) Object.assign(headers, reply.headers);
  // A reply's own links (a twin's canonical page) come after the API's shared ones.
  if (reply.headers?.link) headers.link = `${LINK_HEADER}, ${reply.headers.link}`;
  const head = req.method === "HEAD";
  if (reply.etag && (typeof reply.body === "string" || reply.body instanceof Uint8Array)) {
    const tag = etagOf(reply.body);
    // A gzipped copy (lib/edge/compress.ts) carries the weak form; If-None-Match compares weakly.
    headers.etag = tag;
    if (etagMatches(req.headers.get("if-none-match"), tag)) return done(new Response(null, { status: 304, headers }));
  }
  return done(new Response(head ? null : reply.body, { status: reply.status ?? 200, headers }));
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

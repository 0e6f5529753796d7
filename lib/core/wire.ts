/**
 * What the node server (lib/edge) and the app agree on: the headers every answer shares, the
 * raw form of an error, the body and compression limits, and the private request headers the
 * edge stamps. The edge is compiled on its own (scripts/build-edge.ts), so this module imports
 * nothing: both sides read the very same values.
 */

export const CORS_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "RateLimit, RateLimit-Policy, Retry-After, Link, Allow, ETag",
});

export const ERROR_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...CORS_HEADERS,
  "x-content-type-options": "nosniff",
  "cache-control": "no-store",
  "content-type": "application/json; charset=utf-8",
});

/** The largest request body any endpoint takes (/ask's and /mcp's JSON). */
export const MAX_BODY_BYTES = 64 * 1024;

/** Media types worth compressing (event streams are left alone), and the smallest body that is. */
export const COMPRESSIBLE = /^(text\/(?!event-stream)|application\/([\w.+-]*\+)?(json|xml|javascript)\b|image\/svg\+xml)/i;
export const COMPRESS_THRESHOLD = 1024;

/**
 * Every private request header starts so. The edge deletes any a client sent before it
 * stamps its own; the app trusts one only beside this process's stamp (or, for ROUTED_HEADER,
 * with a value no client can send).
 */
export const PRIVATE_HEADER_PREFIX = "x-site-";
/** The caller's socket address, stamped by the edge (lib/core/caller.ts reads it). */
export const SOCKET_HEADER = "x-site-socket-ip";
/** The edge's per-process secret (SITE_SERVER_STAMP) on every request it stamped. */
export const STAMP_HEADER = "x-site-stamp";
/** The Host the client used: Next replaces Host on its internal rewrites (lib/core/base-url.ts). */
export const REQUEST_HOST_HEADER = "x-site-request-host";
/**
 * A method no route handler can take (TRACE, PROPFIND, QUERY…): the edge hands the request on
 * as PATCH, which no route serves, with the real one here for the 405's message.
 */
export const FOREIGN_METHOD_HEADER = "x-site-method";
/** A path with broken percent-encoding, handed to the 404 handler for its 400 (lib/site/not-found.ts). */
export const MALFORMED_PATH_HEADER = "x-site-malformed-path";
/**
 * On every request the edge hands to Next after doing proxy.ts's work itself: proxy.ts's
 * matcher skips such requests, since running it as well costs a page a third of its
 * throughput (bench/HISTORY.md#proxy-matcher). Next's matcher can only compare a header with a literal, so
 * the value is one no client can send: HTTP parsers (Node's, any proxy's) refuse a control
 * character in a header value, while the edge sets it in-process. A client-sent
 * `x-site-routed: 1` therefore still runs the proxy, under `next start` and on Vercel too.
 */
export const ROUTED_HEADER = "x-site-routed";
export const ROUTED_VALUE = "\u0001";

const REASONS: Record<number, string> = {
  400: "Bad Request",
  405: "Method Not Allowed",
  408: "Request Timeout",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
};

export interface WireError {
  code: string;
  error: string;
  hint: string;
  headers?: Record<string, string>;
  extras?: Record<string, unknown>;
}

/** A complete HTTP/1.1 error response as bytes for a raw socket, in the spec's Error shape. */
export function rawErrorResponse(status: number, e: WireError): string {
  const body = errorBody(status, e);
  const headers = { ...ERROR_HEADERS, ...e.headers, "content-length": String(Buffer.byteLength(body)), connection: "close" };
  const head = [`HTTP/1.1 ${status} ${REASONS[status] ?? "Error"}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)].join("\r\n");
  return `${head}\r\n\r\n${body}`;
}

/** The spec's Error body as JSON text. */
export function errorBody(status: number, e: Omit<WireError, "headers">): string {
  return JSON.stringify({ ok: false, error: e.error, code: e.code, status, hint: e.hint, ...e.extras });
}

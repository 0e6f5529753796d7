// The headers every answer shares and the raw form of an error, in plain JavaScript so
// that server.mjs (which answers a few requests before Next can: CONNECT, requests Node
// itself rejects) and lib/core/http.ts use the very same values.

/** @type {Readonly<Record<string, string>>} */
export const CORS_HEADERS = Object.freeze({
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "RateLimit, RateLimit-Policy, Retry-After, Link, Allow, ETag",
});

/** @type {Readonly<Record<string, string>>} */
export const ERROR_HEADERS = Object.freeze({
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
 * A route's body already gzipped (lib/core/http.ts): Next drops a route's own
 * Content-Encoding, so the route says so in this header, only to server.mjs (a stamped
 * request), which keeps its compressor off the body and sends the header as Content-Encoding
 * ("identity": a body too small to gzip, sent as it is).
 */
export const ENCODED_HEADER = "x-site-content-encoding";

const REASONS = {
  400: "Bad Request",
  405: "Method Not Allowed",
  408: "Request Timeout",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
};

/**
 * A complete HTTP/1.1 error response as bytes for a raw socket, in the spec's Error shape.
 * @param {number} status
 * @param {{ code: string; error: string; hint: string; headers?: Record<string, string>; extras?: Record<string, unknown> }} e
 */
export function rawErrorResponse(status, e) {
  const body = errorBody(status, e);
  const headers = { ...ERROR_HEADERS, ...e.headers, "content-length": String(Buffer.byteLength(body)), connection: "close" };
  const head = [`HTTP/1.1 ${status} ${REASONS[status] ?? "Error"}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)].join("\r\n");
  return `${head}\r\n\r\n${body}`;
}

/**
 * The spec's Error body as JSON text.
 * @param {number} status
 * @param {{ code: string; error: string; hint: string; extras?: Record<string, unknown> }} e
 */
export function errorBody(status, e) {
  return JSON.stringify({ ok: false, error: e.error, code: e.code, status, hint: e.hint, ...e.extras });
}

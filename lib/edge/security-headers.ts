/**
 * The security headers every response carries: the edge adds them to the answers it builds,
 * and next.config.ts's headers() gives them to everything Next sends (under `npm start`,
 * `next start` and on Vercel alike), from this one list.
 */

/**
 * What a page may load: only this origin. Next's prerendered pages carry inline scripts (the
 * RSC payload) that a per-request nonce cannot cover, hence 'unsafe-inline' for scripts; no
 * WebAssembly or eval runs in the browser. Nothing may frame the site.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export interface HeaderRule {
  key: string;
  value: string;
}

export const SECURITY_HEADERS: readonly HeaderRule[] = [
  { key: "Content-Security-Policy", value: CONTENT_SECURITY_POLICY },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), interest-cohort=()" },
];

/** Sent when a proxy in front says the request came over https (`X-Forwarded-Proto`). */
export const HSTS_HEADER: HeaderRule = { key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" };

/**
 * Whether HSTS applies: the first `X-Forwarded-Proto` says https. On plain http it would mean
 * nothing, or lock out a local deployment.
 */
export function overHttps(forwardedProto: string | string[] | null | undefined): boolean {
  const first = Array.isArray(forwardedProto) ? forwardedProto[0] : forwardedProto;
  if (!first) return false;
  const comma = first.indexOf(",");
  return (comma < 0 ? first : first.slice(0, comma)).trim() === "https";
}

const PLAIN: readonly HeaderRule[] = SECURITY_HEADERS;
const SECURE: readonly HeaderRule[] = [...SECURITY_HEADERS, HSTS_HEADER];

/** The security headers of an answer the edge builds, as they go on the wire (lower-case names). */
export function securityHeadersFor(forwardedProto: string | string[] | null | undefined): readonly HeaderRule[] {
  return overHttps(forwardedProto) ? SECURE : PLAIN;
}

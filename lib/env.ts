import { z } from "zod";

/**
 * Every environment variable the site reads, parsed once with working defaults.
 * No other module reads `process.env`: that keeps the README's table honest.
 */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalString = z.preprocess(blankToUndefined, z.string().optional());
const optionalUrl = z.preprocess(blankToUndefined, z.url().optional());

/**
 * The site's public address: an http(s) origin, since every route is served at the root of
 * its host (a path would put `/blog/…` in canonical links while the pages link `/writing`).
 * Kept as the browser writes it (lower-case host, no default port), as the pages bake it.
 */
const siteAddress = z.preprocess(
  blankToUndefined,
  z
    .string()
    .superRefine((v, ctx) => {
      let url: URL;
      try {
        url = new URL(v);
      } catch {
        ctx.addIssue({
          code: "custom",
          message: `"${v}" is not an address: write it with its scheme, such as https://${v.replace(/^\/+/, "")}`,
        });
        return;
      }
      if (url.protocol !== "http:" && url.protocol !== "https:")
        ctx.addIssue({ code: "custom", message: `"${v}" must start with https:// or http://` });
      else if (url.pathname !== "/" || url.search || url.hash || url.username || url.password)
        ctx.addIssue({
          code: "custom",
          message: `"${v}" has more than a host: the site is served at the root of its host, so give only ${url.origin}`,
        });
    })
    .transform((v) => new URL(v).origin)
    .optional(),
);

const schema = z.object({
  PORT: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(65535).default(3000)),
  HOSTNAME: z.preprocess(blankToUndefined, z.string().default("0.0.0.0")),
  /**
   * How long `npm start` waits for a client's headers, and for its whole request, before
   * answering 408: a stalled upload is freed in seconds (Node's defaults are 60 s and 5 min).
   */
  HEADERS_TIMEOUT_MS: z.preprocess(blankToUndefined, z.coerce.number().int().min(100).max(600_000).default(10_000)),
  REQUEST_TIMEOUT_MS: z.preprocess(blankToUndefined, z.coerce.number().int().min(100).max(3_600_000).default(30_000)),
  /** `1`: `npm start` hands the API, /mcp and the twins to Next's routes too, instead of calling their handlers itself (for comparison). */
  ENDPOINTS_VIA_NEXT: z.preprocess(blankToUndefined, z.enum(["0", "1"]).default("0")),
  SITE_URL: siteAddress,
  NODE_ENV: z.preprocess(blankToUndefined, z.string().default("production")),
  VERCEL: optionalString,

  UPSTASH_REDIS_REST_URL: optionalUrl,
  UPSTASH_REDIS_REST_TOKEN: optionalString,
  KV_REST_API_URL: optionalUrl,
  KV_REST_API_TOKEN: optionalString,
  REDIS_URL: optionalUrl,
  /** Namespace for every key this site writes, so several sites (or test runs) can share one Redis. */
  STORE_PREFIX: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9:_-]{1,64}$/)
      .default("site"),
  ),
  STORE_TIMEOUT_MS: z.preprocess(blankToUndefined, z.coerce.number().int().min(50).max(10_000).default(500)),

  TRUST_PROXY_HEADER: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9-]+$/, "must be a header name")
      .transform((s) => s.toLowerCase())
      .optional(),
  ),

  ASK_MODEL_URL: optionalUrl,
  ASK_MODEL_NAME: optionalString,
  ASK_MODEL_KEY: optionalString,
  ASK_MODEL_TIMEOUT_MS: z.preprocess(blankToUndefined, z.coerce.number().int().min(100).max(30_000).default(2500)),
  /**
   * /ask's sentence encoder (lib/ask/encoder.ts): `off` builds no vectors and ranks without it
   * (about 150 MB less memory in the server, a worker thread fewer; top-3 lower, lib/ask/README.md).
   */
  ASK_ENCODER: z.preprocess(blankToUndefined, z.enum(["on", "off"]).default("on")),
  /** An owner's OpenAI-compatible embeddings API (base URL, `/embeddings` appended), used at build and per question instead of USE-lite. */
  ASK_EMBED_URL: optionalUrl,
  ASK_EMBED_MODEL: optionalString,
  ASK_EMBED_KEY: optionalString,
  /** How long /ask waits for a question's embedding (default 60 ms for USE-lite, 1500 ms for ASK_EMBED_URL). */
  ASK_EMBED_TIMEOUT_MS: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(30_000).optional()),
  /** `0` trains /ask without its WordNet vocabulary bridge (lib/ask/bridge.ts), for comparison. */
  ASK_BRIDGE: z.preprocess(blankToUndefined, z.enum(["0", "1"]).default("1")),

  LENS_ALLOW_HOSTS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .default("")
      .transform((s) =>
        s
          .split(",")
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      ),
  ),

  /** DNS over HTTPS (RFC 8484) for lens's DNS-AID and ECH checks; "off" turns DNS off. */
  LENS_DOH_URL: z.preprocess(blankToUndefined, z.union([z.literal("off"), z.url()]).default("https://cloudflare-dns.com/dns-query")),
  /** The third-party scan behind /lens/fetch?mode=edge (Cloudflare's isitagentready); "off" answers available: false. */
  LENS_EDGE_URL: z.preprocess(blankToUndefined, z.union([z.literal("off"), z.url()]).default("https://isitagentready.com/api/scan")),

  /** Lens's Web Bot Auth key: an Ed25519 private JWK (`npm run lens:key` prints one). Default: one generated on first run in LENS_KEY_FILE. */
  LENS_SIGNING_KEY: optionalString,
  /** Another list of census sites (lib/lens/census/sites.ts shape; the tests use loopback sites). */
  CENSUS_SITES_FILE: optionalString,
  LENS_KEY_FILE: z.preprocess(blankToUndefined, z.string().default(".data/lens-signing-key.json")),

  SPOTIFY_CLIENT_ID: optionalString,
  SPOTIFY_CLIENT_SECRET: optionalString,
  SPOTIFY_REFRESH_TOKEN: optionalString,
  SPOTIFY_API_URL: z.preprocess(blankToUndefined, z.url().default("https://api.spotify.com")),
  SPOTIFY_ACCOUNTS_URL: z.preprocess(blankToUndefined, z.url().default("https://accounts.spotify.com")),
  ODESLI_API_URL: z.preprocess(blankToUndefined, z.url().default("https://api.song.link")),

  /**
   * Run the scheduled jobs (the around crawl, and whatever lib/jobs/list.ts holds) in this
   * process on their schedules, and let the cron route run them. Off by default: a fresh
   * clone sends nothing to public sites until its owner turns this on.
   */
  JOBS_ENABLED: z.preprocess(blankToUndefined, z.enum(["0", "1"]).default("0")),
  /** Another firm list for the around crawl, same shape as content/around.json (default: the build's copy). */
  AROUND_FIRMS_FILE: optionalString,

  COFFEE_ICS_URL: optionalUrl,
  COFFEE_BOOKING_URL: optionalUrl,
  CRON_SECRET: optionalString,

  /** Where the build's server artifacts are read from (the benchmark points it at a synthetic corpus). */
  SITE_DATA_DIR: z.preprocess(blankToUndefined, z.string().default(".site")),
  /**
   * Set by the edge for its own process (never by the operator; `shareWithApp`): the secret
   * that marks the headers it stamped, so the app trusts x-site-socket-ip and its siblings only from it.
   */
  SITE_SERVER_STAMP: optionalString,
  /**
   * Set by the edge for its own process when SITE_URL is not set (never by the operator;
   * `shareWithApp`): the address this build's prerendered pages carry (lib/site/baked-url.ts),
   * so pages rendered per request name the same one in their canonical links and share cards.
   */
  SITE_BUILT_URL: optionalUrl,
  /** Check every endpoint's output against its schema (a mismatch is a logged 500). Default: on unless NODE_ENV=production; the tests turn it on. */
  CHECK_OUTPUT: z.preprocess(blankToUndefined, z.enum(["0", "1"]).optional()),
  /** Builds the benchmark's bare routes (`route.bench.ts`), read by next.config.ts: `npm run bench` sets it. */
  BENCH_ROUTES: z.preprocess(blankToUndefined, z.enum(["0", "1"]).default("0")),
  /** Serves /bench/baseline, the contract-free twin the benchmark compares against. */
  BENCH_BASELINE: z.preprocess(blankToUndefined, z.enum(["0", "1"]).default("0")),
});

export type Env = z.infer<typeof schema>;

/** The name of every variable read here (what a visitor must never be asked to set: tests/features-http.test.ts). */
export const ENV_NAMES = Object.keys(schema.shape);

export function parseEnv(source: Record<string, string | undefined>): Env {
  const lines = envIssues(source);
  if (lines.length) throw new Error(`Invalid environment configuration:\n  ${lines.join("\n  ")}`);
  return schema.parse(source);
}

/** `NAME: reason` for each variable the site cannot use as set; empty when all can be. */
export function envIssues(source: Record<string, string | undefined>): string[] {
  const parsed = schema.safeParse(source);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** The environment as set, for a check that names every problem (`envIssues`) before anything reads it. */
export function rawEnv(): Record<string, string | undefined> {
  return process.env;
}

/**
 * What the edge tells the app it starts in the same process (lib/edge/configure.ts), before
 * the app reads its environment: the two variables above that only the edge sets.
 */
export function shareWithApp(values: Partial<Record<"SITE_SERVER_STAMP" | "SITE_BUILT_URL", string>>): void {
  for (const [name, value] of Object.entries(values)) if (value !== undefined) process.env[name] = value;
  cached = undefined;
}

/**
 * The public base URL of the site's pages (canonical links, og:url, JSON-LD, the sitemap),
 * without a trailing slash: SITE_URL; else, under `npm start`, the address the build baked into
 * the prerendered pages, so every page names one address; else http://localhost:PORT.
 * (API answers and twins use the request's host instead: lib/core/base-url.ts.)
 */
export function siteUrl(): string {
  const e = env();
  return (e.SITE_URL ?? e.SITE_BUILT_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
}

export function upstashConfig(): { url: string; token: string } | undefined {
  const e = env();
  const url = e.UPSTASH_REDIS_REST_URL ?? e.KV_REST_API_URL;
  const token = e.UPSTASH_REDIS_REST_TOKEN ?? e.KV_REST_API_TOKEN;
  return url && token ? { url, token } : undefined;
}

/**
 * `npm run doctor`: what this deployment has switched on and why, for the owner. Reads the
 * environment and the build; reaches nothing outside the machine unless asked (`--check`
 * pings the store and requests the configured upstreams, each with a short deadline).
 * Exit status 1 when something the owner asked for cannot work (a setting the site cannot
 * use, a half-set pair of credentials, an address the build was not made for, a failed check).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { envIssues, parseEnv, type Env } from "@/lib/env";
import { featureRefusals, featureStates, settingsOf, stateLines, type FeatureSettings } from "@/lib/features";
import { siteConfig } from "@/site.config";
import { bakedSiteUrl, canonicalSiteUrl } from "@/lib/site/baked-url";
import { JOBS } from "@/lib/jobs/list";
import { demoFlagProblems } from "./build/demo";
import { decodeVectorFile, VECTORS_FILE, type VectorIndex } from "@/lib/ask/encoder";
import { encoderState } from "@/lib/ask/encoder-runtime";
import { existsSync, readFileSync } from "node:fs";

export interface DoctorInput {
  source: Record<string, string | undefined>;
  /** The address the prerendered pages carry, or null before a full build. */
  baked: string | null;
  /** `features` of site.config.ts (default: the file's own). */
  settings?: FeatureSettings;
  /** The site's own files, to say whether `demo: true` still fits (default: the file's own config, no folder looked at). */
  site?: { config: Parameters<typeof demoFlagProblems>[0]; contentDir?: string; photosDir?: string };
  /** `--check`: ping the store, request the upstreams. */
  check?: (e: Env) => Promise<CheckResult[]>;
  /** The build's /ask vectors (`.site/ask-vectors.bin`): null when absent; undefined when not looked at. */
  askVectors?: Pick<VectorIndex, "encoder" | "dim" | "scales"> | null;
}

export interface CheckResult {
  what: string;
  ok: boolean;
  detail: string;
}

export interface Diagnosis {
  text: string;
  failed: boolean;
}

export async function diagnose(input: DoctorInput): Promise<Diagnosis> {
  const out: string[] = [];
  let failed = false;
  const fail = (line: string) => {
    failed = true;
    out.push(`  ✗ ${line}`);
  };

  // A setting the site cannot use is named, then left out so the rest can still be judged.
  const issues = envIssues(input.source);
  const bad = new Set(issues.map((l) => l.split(":")[0]));
  const e = parseEnv(Object.fromEntries(Object.entries(input.source).filter(([k]) => !bad.has(k))));

  // The rule the server applies when it starts (lib/features), to the same settings and, run where it runs, the same environment.
  const states = featureStates(input.settings ?? settingsOf(siteConfig.features), e);
  out.push('Features (site.config.ts `features`; "auto" is on when what it needs is configured where the server starts):');
  out.push(...stateLines(states));
  const refusals = featureRefusals(states);
  if (refusals.length) for (const line of refusals) fail(`${line} (npm run build and npm start refuse to go on)`);
  else if (states.some((s) => !s.on))
    out.push("  An off feature is absent for visitors: no page, no link, not in the sitemap, llms.txt, search or /ask.");

  out.push("", "Store:");
  const upstash = (e.UPSTASH_REDIS_REST_URL ?? e.KV_REST_API_URL) && (e.UPSTASH_REDIS_REST_TOKEN ?? e.KV_REST_API_TOKEN);
  if (upstash)
    out.push(
      `  Upstash at ${new URL((e.UPSTASH_REDIS_REST_URL ?? e.KV_REST_API_URL)!).host}: shared by every instance, kept across restarts.`,
    );
  else if (e.REDIS_URL) out.push(`  Redis at ${new URL(e.REDIS_URL).host}: shared by every instance, kept across restarts.`);
  else
    out.push(
      "  Memory: each process has its own; rate limits, the crawler ledger and job results are lost on restart and not shared between instances.",
    );
  out.push(`  Keys are prefixed "${e.STORE_PREFIX}:".`);

  out.push("", "Address:");
  const set = e.SITE_URL ? canonicalSiteUrl(e.SITE_URL) : undefined;
  out.push(`  SITE_URL: ${set ?? "not set"}`);
  out.push(`  The build's pages carry: ${input.baked ?? "no full build yet (npm run build)"}`);
  if (set && input.baked && set !== input.baked)
    fail(`npm start refuses to serve pages built for ${input.baked} at ${set}: build again with SITE_URL=${set} npm run build`);
  else if (!set && input.baked && !/^https?:\/\/(localhost|127\.|\[::1\])/.test(input.baked))
    out.push(`  (Start with SITE_URL=${input.baked} so the API and twins name it too.)`);

  out.push("", "Scheduled jobs:");
  if (e.JOBS_ENABLED === "1") {
    for (const j of JOBS)
      out.push(`  ${j.name.padEnd(8)} ${(e.VERCEL ? (j.platformSchedule ?? j.schedule) : j.schedule).padEnd(12)} UTC  ${j.description}`);
    out.push(
      e.VERCEL ? "  Run by Vercel's cron (vercel.json) through /api/cron/<job>." : "  Run in the server process on these schedules.",
    );
  } else out.push("  Off (JOBS_ENABLED is not 1): nothing is fetched on a schedule; `npm run job <name>` runs one by hand.");

  const looksWrong: string[] = [...issues];
  const pair = (a: string | undefined, b: string | undefined, names: string) => {
    if (Boolean(a) !== Boolean(b)) looksWrong.push(`${names}: only one of the pair is set, so neither is used`);
  };
  pair(e.UPSTASH_REDIS_REST_URL, e.UPSTASH_REDIS_REST_TOKEN, "UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN");
  pair(e.KV_REST_API_URL, e.KV_REST_API_TOKEN, "KV_REST_API_URL and KV_REST_API_TOKEN");
  const spotify = [e.SPOTIFY_CLIENT_ID, e.SPOTIFY_CLIENT_SECRET, e.SPOTIFY_REFRESH_TOKEN].filter(Boolean).length;
  if (spotify > 0 && spotify < 3)
    looksWrong.push("SPOTIFY_CLIENT_ID, SPOTIFY_CLIENT_SECRET, SPOTIFY_REFRESH_TOKEN: all three are needed (npm run rn:connect)");
  if (e.JOBS_ENABLED === "1" && e.VERCEL && !e.CRON_SECRET)
    looksWrong.push("JOBS_ENABLED is 1 on Vercel without CRON_SECRET: the cron route answers 503, so no job runs");
  const warnings: string[] = [];
  const site: NonNullable<DoctorInput["site"]> = input.site ?? { config: siteConfig };
  warnings.push(...demoFlagProblems(site.config, site));
  if (e.COFFEE_BOOKING_URL && !e.COFFEE_ICS_URL)
    warnings.push("COFFEE_BOOKING_URL is set but COFFEE_ICS_URL is not: there are no slots to book");
  if (e.JOBS_ENABLED === "1" && !e.REDIS_URL && !upstash)
    warnings.push(
      "jobs run on the memory store: their results live in this process only, and `npm run job` cannot hand them to the server",
    );
  // The build's vectors and this server's encoder: a mismatch is never mixed, /ask only ranks without the encoder.
  if (input.askVectors !== undefined) {
    const state = encoderState(input.askVectors, e);
    if (!state.usable && e.ASK_ENCODER !== "off") warnings.push(state.message.replace(/^\/ask encoder: /, "/ask's encoder: "));
  }
  out.push("", "Settings:");
  for (const l of looksWrong) fail(l);
  for (const w of warnings) out.push(`  ! ${w}`);
  if (!looksWrong.length && !warnings.length) out.push("  Nothing looks wrong.");

  if (input.check) {
    out.push("", "Checks:");
    for (const r of await input.check(e)) {
      if (r.ok) out.push(`  ✓ ${r.what}: ${r.detail}`);
      else fail(`${r.what}: ${r.detail}`);
    }
  } else out.push("", "(npm run doctor -- --check also pings the store and requests the configured upstreams.)");
  return { text: out.join("\n"), failed };
}

const DEADLINE_MS = 3000;
const ROOT = path.resolve(import.meta.dirname, "..");

/** Whether something answers at `url` within the deadline (any HTTP status counts: it is there). */
async function reachable(what: string, url: string): Promise<CheckResult> {
  try {
    const r = await fetch(url, { signal: AbortSignal.timeout(DEADLINE_MS), redirect: "manual" });
    await r.body?.cancel();
    return { what, ok: r.status < 500, detail: `HTTP ${r.status} from ${new URL(url).host}` };
  } catch (err) {
    const cause = (err as Error & { cause?: Error }).cause?.message ?? (err as Error).message;
    return { what, ok: false, detail: `${new URL(url).host} did not answer (${cause})` };
  }
}

/** `--check`: the store and every configured upstream, each once, with a short deadline. */
async function runChecks(e: Env): Promise<CheckResult[]> {
  // The store and the upstreams are made from the environment the server would read.
  if (envIssues(process.env).length) return [{ what: "checks", ok: false, detail: "not run until the settings above are fixed" }];
  const results: CheckResult[] = [];
  const { getStore } = await import("@/lib/store");
  const store = getStore();
  try {
    await store.ping();
    results.push({ what: "store", ok: true, detail: `${store.kind} answers` });
  } catch (err) {
    results.push({ what: "store", ok: false, detail: `${store.kind} did not answer (${(err as Error).message})` });
  } finally {
    await store.close();
  }
  if (e.COFFEE_ICS_URL) results.push(await reachable("calendar feed (COFFEE_ICS_URL)", e.COFFEE_ICS_URL));
  if (e.ASK_MODEL_URL) results.push(await reachable("/ask model (ASK_MODEL_URL)", e.ASK_MODEL_URL));
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const args = process.argv.slice(2);
  if (args.some((a) => a !== "--check")) {
    console.error("Usage: npm run doctor [-- --check]");
    process.exit(2);
  }
  const { text, failed } = await diagnose({
    source: process.env,
    baked: bakedSiteUrl(),
    site: { config: siteConfig, contentDir: path.join(ROOT, "content"), photosDir: path.join(ROOT, "photos") },
    // Looked at only once a build trained /ask's model: before any build there is nothing to say.
    askVectors: (() => {
      const dir = path.join(ROOT, process.env.SITE_DATA_DIR || ".site");
      if (!existsSync(path.join(dir, "ask-model.bin"))) return undefined;
      try {
        return decodeVectorFile(readFileSync(path.join(dir, VECTORS_FILE)));
      } catch {
        return null;
      }
    })(),
    ...(args.includes("--check") ? { check: runChecks } : {}),
  });
  console.log(text);
  process.exit(failed ? 1 : 0);
}

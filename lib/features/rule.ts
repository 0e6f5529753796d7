import { z } from "zod";
import type { Env } from "@/lib/env";

/**
 * The live features: each needs something a fresh clone does not have (an account, a
 * calendar feed, a shared store, scheduled jobs). `features` in site.config.ts sets each one
 * to `"auto"` (the default: on when what it needs is configured), `true` or `false`. This
 * file is the one rule; `npm run build`, the server at start (lib/features/index.ts) and
 * `npm run doctor` all apply it.
 */
export type FeatureSetting = "auto" | boolean;

/** One thing a feature needs, and the settings that provide it. */
export interface Need {
  what: string;
  settings: string;
  met: (e: Env) => boolean;
  /**
   * What stands in for it when the owner turns the feature on by hand (`true`): scheduled
   * jobs are not needed when the owner runs `npm run job <name>` themselves (from a crontab,
   * say) into a shared store the server reads. `"auto"` never assumes that.
   */
  byHand?: { what: string; settings: string; met: (e: Env) => boolean };
}

const sharedStore: Need = {
  what: "a shared store",
  settings: "REDIS_URL, or UPSTASH_REDIS_REST_URL with UPSTASH_REDIS_REST_TOKEN, or on Vercel KV_REST_API_URL with KV_REST_API_TOKEN",
  met: (e) =>
    Boolean(e.REDIS_URL || ((e.UPSTASH_REDIS_REST_URL ?? e.KV_REST_API_URL) && (e.UPSTASH_REDIS_REST_TOKEN ?? e.KV_REST_API_TOKEN))),
};
const spotify: Need = {
  what: "the music service's credentials",
  settings: "SPOTIFY_CLIENT_ID, SPOTIFY_CLIENT_SECRET and SPOTIFY_REFRESH_TOKEN, from npm run rn:connect",
  met: (e) => Boolean(e.SPOTIFY_CLIENT_ID && e.SPOTIFY_CLIENT_SECRET && e.SPOTIFY_REFRESH_TOKEN),
};
const calendar: Need = {
  what: "a calendar feed",
  settings: "COFFEE_ICS_URL",
  met: (e) => Boolean(e.COFFEE_ICS_URL),
};
const jobs: Need = {
  what: "scheduled jobs",
  settings: "JOBS_ENABLED=1, and on Vercel a CRON_SECRET for its cron to call the job route with",
  met: (e) => e.JOBS_ENABLED === "1" && (!e.VERCEL || Boolean(e.CRON_SECRET)),
  byHand: { what: "a shared store for npm run job to fill", settings: sharedStore.settings, met: sharedStore.met },
};

export interface Feature {
  label: string;
  needs: readonly Need[];
}

/**
 * Which pages, endpoints and jobs belong to each feature is declared where they are: `feature`
 * in lib/site/pages.ts, on an endpoint (lib/core/endpoint.ts) and on a job (lib/jobs/types.ts);
 * a content page belongs to the feature of the endpoint it documents (`endpoint:`).
 */
export const FEATURES = {
  nowPlaying: { label: "Now playing (/rn)", needs: [sharedStore, spotify] },
  coffee: { label: "Coffee slots (/coffee)", needs: [calendar] },
  ledger: { label: "AI-crawler ledger (/ledger)", needs: [sharedStore] },
  around: { label: "Around, the daily crawl (/around)", needs: [jobs] },
  census: { label: "Lens census, the weekly scan (/lens/census)", needs: [jobs] },
} as const satisfies Record<string, Feature>;

export type FeatureName = keyof typeof FEATURES;
export const FEATURE_NAMES = Object.keys(FEATURES) as FeatureName[];
export type FeatureSettings = Readonly<Record<FeatureName, FeatureSetting>>;

/** Every feature on `"auto"`: what a site.config.ts without `features` means. */
export const AUTO_SETTINGS = Object.fromEntries(FEATURE_NAMES.map((n) => [n, "auto"])) as FeatureSettings;

/** `features` of site.config.ts: any of the features, each `"auto"`, `true` or `false`; one left out is `"auto"`. */
export const FeatureSettingsSchema = z.strictObject(
  Object.fromEntries(
    FEATURE_NAMES.map((n) => [n, z.union([z.literal("auto"), z.boolean()], { error: 'must be "auto", true or false' }).optional()]),
  ) as Record<FeatureName, z.ZodOptional<z.ZodUnion<[z.ZodLiteral<"auto">, z.ZodBoolean]>>>,
);

/** The settings as written (some left out) made whole. */
export function settingsOf(written: Partial<Record<FeatureName, FeatureSetting>> | undefined): FeatureSettings {
  return { ...AUTO_SETTINGS, ...(written ?? {}) };
}

export interface FeatureState {
  name: FeatureName;
  label: string;
  setting: FeatureSetting;
  on: boolean;
  /** What it needs and does not have (for `true`, what it cannot do without). */
  missing: readonly Need[];
  /** Why it is on or off, in one phrase. */
  why: string;
}

const needed = (n: Need) => `${n.what} (${n.settings})`;

/** Each feature on or off under these settings and this environment: the one rule the build, the server and `npm run doctor` apply. */
export function featureStates(settings: FeatureSettings, e: Env): FeatureState[] {
  return FEATURE_NAMES.map((name) => {
    const f: Feature = FEATURES[name];
    const setting = settings[name];
    const unmet = f.needs.filter((n) => !n.met(e));
    const missing = setting === true ? unmet.filter((n) => !n.byHand?.met(e)) : unmet;
    const on = setting === true ? missing.length === 0 : setting === "auto" && missing.length === 0;
    const why =
      setting === false
        ? "turned off in site.config.ts"
        : missing.length
          ? `needs ${missing.map((n) => (setting === true && n.byHand ? `${needed(n)}, or ${needed(n.byHand)}` : needed(n))).join("; and ")}`
          : setting === true
            ? unmet.length
              ? `turned on in site.config.ts, with ${unmet.map((n) => n.byHand!.what).join(" and ")} instead of ${unmet.map((n) => n.what).join(" and ")}`
              : "turned on in site.config.ts"
            : "what it needs is configured";
    return { name, label: f.label, setting, on, missing, why };
  });
}

/**
 * One line per feature the owner turned on (`true`) that cannot work here, naming what to
 * set: the build and the server refuse to go on with any. Empty when there is none.
 */
export function featureRefusals(states: readonly FeatureState[]): string[] {
  return states
    .filter((s) => s.setting === true && !s.on)
    .map((s) => `site.config.ts: features.${s.name} is true, but ${s.label} ${s.why}: set it, or make the feature "auto"`);
}

/** The names of the features that are off. */
export function offNames(states: readonly FeatureState[]): Set<FeatureName> {
  return new Set(states.filter((s) => !s.on).map((s) => s.name));
}

/** Where the build records site.config.ts's `features` for the server (scripts/build/site.ts), in its data directory. */
export const FEATURES_FILE = "features.json";

/** What the build recorded in `.site/features.json`: its settings (all "auto" without one) and the features off in its own decision. */
export function featureRecord(text: string | undefined): { settings: FeatureSettings; builtOff: FeatureName[] | undefined } {
  let parsed: { settings?: Partial<Record<FeatureName, FeatureSetting>>; built?: { off?: unknown } } = {};
  try {
    parsed = text === undefined ? {} : JSON.parse(text);
  } catch {
    // A record that is not JSON says nothing: all "auto", no decision of the build's.
  }
  const off = parsed.built?.off;
  return { settings: settingsOf(parsed.settings), builtOff: Array.isArray(off) ? (off as FeatureName[]) : undefined };
}

/** Whether a server deciding `off` decided otherwise than the build its pages were prerendered by (or the build did not say). */
export function prerenderStale(off: ReadonlySet<FeatureName>, built: readonly FeatureName[] | undefined): boolean {
  return built === undefined || built.length !== off.size || built.some((n) => !off.has(n));
}

/** Whether a server with this environment decides otherwise than the build recorded (`text`, the record's). */
export function decidesOtherwise(text: string | undefined, e: Env): boolean {
  const { settings, builtOff } = featureRecord(text);
  return prerenderStale(offNames(featureStates(settings, e)), builtOff);
}

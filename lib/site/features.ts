import type { Env } from "@/lib/env";

/**
 * The live features: each needs something a fresh clone does not have (an account, a
 * calendar feed, a shared store, scheduled jobs). A setting of `"auto"` turns one on when
 * what it needs is configured, `true` or `false` decides regardless. `npm run doctor` prints
 * each verdict under "auto" (the settings are not yet the owner's: issue 36).
 */
export type FeatureSetting = "auto" | boolean;

/** One thing a feature needs, and the settings that provide it. */
export interface Need {
  what: string;
  settings: string;
  met: (e: Env) => boolean;
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
};

export interface Feature {
  label: string;
  /** The declared pages (lib/site/pages.ts) that exist only when it is on. */
  pages: readonly string[];
  needs: readonly Need[];
}

export const FEATURES = {
  nowPlaying: { label: "Now playing (/rn)", pages: ["/rn"], needs: [sharedStore, spotify] },
  coffee: { label: "Coffee slots (/coffee)", pages: ["/coffee"], needs: [calendar] },
  ledger: { label: "AI-crawler ledger (/ledger)", pages: ["/ledger"], needs: [sharedStore] },
  around: { label: "Around, the daily crawl (/around)", pages: ["/around"], needs: [jobs] },
  census: { label: "Lens census, the weekly scan (/lens/census)", pages: ["/lens/census"], needs: [jobs] },
} as const satisfies Record<string, Feature>;

export type FeatureName = keyof typeof FEATURES;
export const FEATURE_NAMES = Object.keys(FEATURES) as FeatureName[];
export type FeatureSettings = Readonly<Record<FeatureName, FeatureSetting>>;

export interface FeatureState {
  name: FeatureName;
  label: string;
  setting: FeatureSetting;
  on: boolean;
  /** What it needs and does not have. */
  missing: readonly Need[];
  /** Why it is on or off, in one phrase. */
  why: string;
}

/** Each feature on or off under these settings and this environment: the one rule the build, the server and `npm run doctor` apply. */
export function featureStates(settings: FeatureSettings, e: Env): FeatureState[] {
  return FEATURE_NAMES.map((name) => {
    const f: Feature = FEATURES[name];
    const setting = settings[name];
    const missing = f.needs.filter((n) => !n.met(e));
    const on = setting === true || (setting === "auto" && missing.length === 0);
    const why =
      setting === false
        ? "turned off in site.config.ts"
        : missing.length === 0
          ? setting === true
            ? "turned on in site.config.ts"
            : "what it needs is configured"
          : `needs ${missing.map((n) => `${n.what} (${n.settings})`).join("; and ")}`;
    return { name, label: f.label, setting, on, missing, why };
  });
}

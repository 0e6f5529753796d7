import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import {
  AUTO_SETTINGS,
  FEATURE_NAMES,
  FeatureSettingsSchema,
  featureRefusals,
  featureStates,
  settingsOf,
  type FeatureSettings,
} from "./rule";

const env = (vars: Record<string, string> = {}) => parseEnv(vars);
const states = (settings: Partial<FeatureSettings>, vars: Record<string, string> = {}) =>
  Object.fromEntries(featureStates(settingsOf(settings), env(vars)).map((s) => [s.name, s]));

const EVERYTHING = {
  REDIS_URL: "redis://127.0.0.1:6379",
  SPOTIFY_CLIENT_ID: "id",
  SPOTIFY_CLIENT_SECRET: "secret",
  SPOTIFY_REFRESH_TOKEN: "token",
  COFFEE_ICS_URL: "https://calendar.example/feed.ics",
  JOBS_ENABLED: "1",
};

describe("the feature rule", () => {
  it('"auto" on a fresh clone: every feature off, each saying what it needs', () => {
    const s = states({});
    for (const name of FEATURE_NAMES) expect(s[name].on, name).toBe(false);
    expect(s.coffee.why).toBe("needs a calendar feed (COFFEE_ICS_URL)");
    expect(s.nowPlaying.why).toMatch(/^needs a shared store \(REDIS_URL.*\); and the music service's credentials \(SPOTIFY_CLIENT_ID/);
    expect(featureRefusals(Object.values(s))).toEqual([]);
  });

  it('"auto" with everything configured: every feature on', () => {
    const s = states({}, EVERYTHING);
    for (const name of FEATURE_NAMES) expect([name, s[name].on, s[name].why]).toEqual([name, true, "what it needs is configured"]);
  });

  it('"auto" needs all of it: a store without the music credentials is not now playing', () => {
    const s = states({}, { REDIS_URL: "redis://127.0.0.1:6379" });
    expect([s.ledger.on, s.nowPlaying.on]).toEqual([true, false]);
    expect(s.nowPlaying.missing.map((n) => n.what)).toEqual(["the music service's credentials"]);
  });

  it("scheduled jobs on Vercel need the cron's secret too", () => {
    expect(states({}, { JOBS_ENABLED: "1", VERCEL: "1" }).around.on).toBe(false);
    expect(states({}, { JOBS_ENABLED: "1", VERCEL: "1", CRON_SECRET: "s" }).around.on).toBe(true);
  });

  it("false is off whatever is configured", () => {
    const s = states({ coffee: false }, EVERYTHING);
    expect([s.coffee.on, s.coffee.why]).toEqual([false, "turned off in site.config.ts"]);
    expect(featureRefusals(Object.values(s))).toEqual([]);
  });

  it("true with what it needs is on; without, one refusal line naming the settings", () => {
    expect(states({ coffee: true }, EVERYTHING).coffee).toMatchObject({ on: true, why: "turned on in site.config.ts" });
    const s = states({ coffee: true, ledger: true });
    expect([s.coffee.on, s.ledger.on]).toEqual([false, false]);
    expect(featureRefusals(Object.values(s))).toEqual([
      'site.config.ts: features.coffee is true, but Coffee slots (/coffee) needs a calendar feed (COFFEE_ICS_URL): set it, or make the feature "auto"',
      expect.stringMatching(
        /^site\.config\.ts: features\.ledger is true, but AI-crawler ledger \(\/ledger\) needs a shared store \(REDIS_URL/,
      ),
    ]);
  });

  it("true takes a shared store for jobs run by hand; auto does not", () => {
    const store = { REDIS_URL: "redis://127.0.0.1:6379" };
    expect(states({}, store).around.on).toBe(false);
    expect(states({ around: true }, store).around).toMatchObject({
      on: true,
      why: "turned on in site.config.ts, with a shared store for npm run job to fill instead of scheduled jobs",
    });
    const without = states({ census: true });
    expect(without.census.on).toBe(false);
    expect(featureRefusals([without.census])[0]).toMatch(
      /needs scheduled jobs \(JOBS_ENABLED=1.*\), or a shared store for npm run job to fill \(REDIS_URL/,
    );
  });

  it("site.config.ts may leave features out (auto) and names a wrong value", () => {
    expect(settingsOf(undefined)).toEqual(AUTO_SETTINGS);
    expect(settingsOf({ coffee: false })).toEqual({ ...AUTO_SETTINGS, coffee: false });
    expect(FeatureSettingsSchema.safeParse({ coffee: "on" }).error?.issues[0]).toMatchObject({
      path: ["coffee"],
      message: 'must be "auto", true or false',
    });
    expect(FeatureSettingsSchema.safeParse({ cofee: true }).error?.issues[0]).toMatchObject({ code: "unrecognized_keys", keys: ["cofee"] });
  });
});

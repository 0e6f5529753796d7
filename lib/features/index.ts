import { buildSingleton, siteFile } from "@/lib/build-output";
import { readFileSync } from "node:fs";
import { env } from "@/lib/env";
import {
  FEATURES_FILE,
  featureRecord,
  featureRefusals,
  featureStates,
  offNames,
  prerenderStale,
  type FeatureName,
  type FeatureSettings,
  type FeatureState,
} from "./rule";

export {
  FEATURES,
  FEATURE_NAMES,
  AUTO_SETTINGS,
  FeatureSettingsSchema,
  featureStates,
  featureRefusals,
  offNames,
  settingsOf,
  prerenderStale,
  FEATURES_FILE,
  type FeatureName,
  type FeatureSetting,
  type FeatureSettings,
  type FeatureState,
  type Need,
} from "./rule";

/** How server.mjs (plain JS) learns which features are off: set at start by instrumentation.ts. */
export const OFF_FEATURES_GLOBAL = Symbol.for("site.off-features");
/**
 * Whether what `next build` prerendered was decided otherwise than this server decides: set at
 * start by instrumentation.ts, read by cache-handler.mjs (plain JS, loaded by Next), which then
 * renders every page once in this process instead of serving the build's copy.
 */
export const PRERENDER_STALE_GLOBAL = Symbol.for("site.prerender-stale");

function recordText(): string | undefined {
  try {
    return readFileSync(siteFile(FEATURES_FILE), "utf8");
  } catch {
    return undefined;
  }
}
const record = () => buildSingleton("features-record", () => featureRecord(recordText()));

/**
 * The settings the build recorded (`.site/features.json`), all `"auto"` before a build. The
 * server reads the build's copy, not site.config.ts: the pages it serves were made from it.
 */
const builtSettings = (): FeatureSettings => record().settings;

/**
 * The features off in the build's own decision (`npm run build` decides with its environment,
 * and `next build` prerenders with it); undefined when the record has none (written by hand, or
 * by an older build): then nothing says what the prerendered pages show.
 */
export const builtOff = (): FeatureName[] | undefined => record().builtOff;

/**
 * Each feature on or off in this process: the build's settings and this environment, once
 * per process (under `npm run dev`, again after a rebuild). `"auto"` is decided here, at
 * start, so one build serves a deployment with or without the accounts, store and jobs.
 */
export function featureDecision(): { states: FeatureState[]; off: ReadonlySet<FeatureName> } {
  return buildSingleton("features", () => {
    const states = featureStates(builtSettings(), env());
    return { states, off: offNames(states) };
  });
}

export function featureOn(name: FeatureName): boolean {
  return !featureDecision().off.has(name);
}

/** Whether something that belongs to `feature` (or to none) is shown. */
export function shown(feature: string | undefined): boolean {
  return feature === undefined || !featureDecision().off.has(feature as FeatureName);
}

function exitWith(line: string): never {
  console.error(line);
  process.exit(1);
}

/** `  on   Coffee slots (/coffee): what it needs is configured`, one line per feature. */
export function stateLines(states: readonly FeatureState[]): string[] {
  return states.map((s) => `  ${s.on ? "on " : "off"}  ${s.label}: ${s.setting === "auto" ? "auto, " : ""}${s.why}`);
}

/**
 * The server's decision at start (instrumentation.ts), said once: the features on and off,
 * or, when one set to `true` cannot work, that line alone and an exit (like a SITE_URL the
 * build was not made for). Leaves the off features where server.mjs reads them, and whether
 * the build's prerendered pages were decided otherwise, where cache-handler.mjs reads it: the
 * pages that list the live features (the home page, the tag pages, /utilities, the sitemap)
 * are prerendered with the build's decision, so a server deciding otherwise renders each page
 * itself, once, instead of serving the build's copy; it says so here.
 */
export function announceFeatures(log: (line: string) => void = console.log, refuse: (line: string) => never = exitWith): void {
  const { states, off } = featureDecision();
  const refusals = featureRefusals(states);
  if (refusals.length) refuse(refusals.join("\n"));
  log(`> Features:\n${stateLines(states).join("\n")}`);
  const built = builtOff();
  const stale = prerenderStale(off, built);
  if (stale)
    log(
      built === undefined
        ? "> The build did not record its feature decision: every page is rendered once by this server, not read from the build."
        : `> The build decided otherwise (off there: ${built.join(", ") || "none"}): every page is rendered once by this server, not read from the build. Build in this environment to serve the build's pages.`,
    );
  const g = globalThis as Record<symbol, unknown>;
  g[OFF_FEATURES_GLOBAL] = [...off];
  g[PRERENDER_STALE_GLOBAL] = stale;
}

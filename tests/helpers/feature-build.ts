import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { FEATURES_FILE, settingsOf, type FeatureName, type FeatureSetting } from "@/lib/features";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The build's output (`.site`) as `npm run build` writes it for other `features` settings in
 * site.config.ts: the build makes every feature's pages whatever the settings and records the
 * settings in `features.json` alone, so that file is written here and the rest is the suite's
 * own build, linked. Start the app on it with `SITE_DATA_DIR: dir`.
 */
export function buildWithFeatures(features: Partial<Record<FeatureName, FeatureSetting>>): { dir: string; remove: () => void } {
  const built = path.join(root, ".site");
  const dir = mkdtempSync(path.join(tmpdir(), "site-features-"));
  for (const entry of readdirSync(built)) if (entry !== FEATURES_FILE) symlinkSync(path.join(built, entry), path.join(dir, entry));
  writeFileSync(path.join(dir, FEATURES_FILE), JSON.stringify({ settings: settingsOf(features) }));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Every page the build made for a live feature, and which: the declared ones and the utilities documenting their endpoints. */
export function featurePages(): Record<string, FeatureName> {
  return JSON.parse(readFileSync(path.join(root, ".site", "paths.json"), "utf8")).features;
}

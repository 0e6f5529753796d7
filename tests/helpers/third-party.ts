import { existsSync } from "node:fs";
import path from "node:path";

/**
 * Test inputs the project may not redistribute (real camera files, ai.robots.txt's data) live
 * in a sibling checkout, ../shared, that a plain clone does not have. Tests that read them run
 * where it is present and are skipped otherwise; tests/helpers/third-party-reporter.ts then says
 * in one line what did not run. SHARED_DIR points elsewhere (or at nothing, to try a bare clone).
 */
const ROOT = path.resolve(import.meta.dirname, "..", "..");
export const SHARED_DIR = path.resolve(ROOT, process.env.SHARED_DIR ?? "../shared");

export const THIRD_PARTY = {
  photos: {
    path: "fixtures/photos/expected-exiftool.json",
    what: "real camera JPEGs with exiftool ground truth",
    tests: ["lib/photos/metadata.test.ts", "tests/photos-build.test.ts"],
  },
  aiRobots: {
    path: "data/ai-robots.json",
    what: "ai.robots.txt's crawler list",
    tests: ["lib/lens/crawlers.test.ts"],
  },
} as const;

export type ThirdPartyInput = keyof typeof THIRD_PARTY;

export function thirdParty(input: ThirdPartyInput): { file: string; dir: string; present: boolean } {
  const file = path.join(SHARED_DIR, THIRD_PARTY[input].path);
  return { file, dir: path.dirname(file), present: existsSync(file) };
}

/** Test files (relative to the project root) whose third-party inputs are absent here, with what they lack. */
export function missingThirdParty(): Map<string, string> {
  const missing = new Map<string, string>();
  for (const input of Object.keys(THIRD_PARTY) as ThirdPartyInput[]) {
    if (thirdParty(input).present) continue;
    for (const test of THIRD_PARTY[input].tests) missing.set(test, THIRD_PARTY[input].what);
  }
  return missing;
}

export const PROJECT_ROOT = ROOT;

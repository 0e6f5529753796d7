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
  },
  aiRobots: {
    path: "data/ai-robots.json",
    what: "ai.robots.txt's crawler list",
  },
} as const;

export type ThirdPartyInput = keyof typeof THIRD_PARTY;

export function thirdParty(input: ThirdPartyInput): { file: string; dir: string; present: boolean } {
  const file = path.join(SHARED_DIR, THIRD_PARTY[input].path);
  return { file, dir: path.dirname(file), present: existsSync(file) };
}

declare module "vitest" {
  interface TaskMeta {
    /** The third-party input a test (or every test of a suite) reads: the reporter names it when it skipped. */
    thirdParty?: ThirdPartyInput;
  }
}

/**
 * The options of a test or suite that reads `input`: skipped where it is absent, and marked, so
 * third-party-reporter.ts names exactly the tests that skipped for it (nothing is listed by hand).
 * `describe("…", needs("photos"), () => …)`.
 */
export function needs(input: ThirdPartyInput): { skip: boolean; meta: { thirdParty: ThirdPartyInput } } {
  return { skip: !thirdParty(input).present, meta: { thirdParty: input } };
}

/** Where the reporter leaves what it found, for `npm test`'s summary (scripts/test.ts). */
export const THIRD_PARTY_SKIPS_FILE = path.join(ROOT, "test-reports", "third-party-skips.json");

export const PROJECT_ROOT = ROOT;

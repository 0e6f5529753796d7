import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readiness } from "./readiness";
import { OBSERVATIONS } from "./readiness-observations";

/**
 * readiness-pinned.json is what readiness() returned for each observation before it became a
 * table of checks: the serialised output (key order included) must not move. Regenerate it only
 * for a change meant to alter the score, and say so in the commit.
 */
const PINNED = JSON.parse(readFileSync(path.join(import.meta.dirname, "readiness-pinned.json"), "utf8")) as Record<string, unknown>;

describe("readiness, pinned", () => {
  it("pins every observation, and nothing else", () => {
    expect(Object.keys(PINNED)).toEqual(Object.keys(OBSERVATIONS));
  });

  it.each(Object.keys(OBSERVATIONS))("%s gives the pinned output byte for byte", (name) => {
    expect(JSON.stringify(readiness(OBSERVATIONS[name]), null, 2)).toBe(JSON.stringify(PINNED[name], null, 2));
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * README: "a fresh clone, the tests, CI and the benchmarks send nothing out". `next build`
 * and `next dev` report anonymous telemetry unless told not to, so every npm script that
 * runs them says so itself (CI's own export would not cover an owner's `npm run serve`).
 */
describe("npm scripts", () => {
  it("turn off Next.js telemetry wherever they run next build or next dev", () => {
    const { scripts } = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    const runsNext = Object.entries(scripts).flatMap(([name, line]) =>
      line.split("&&").flatMap((step) => (/\bnext (build|dev)\b/.test(step) ? [[name, step.trim()]] : [])),
    );
    expect(runsNext.map(([name]) => name).sort()).toEqual(["build", "dev"]);
    for (const [name, step] of runsNext) expect(step, name).toMatch(/^NEXT_TELEMETRY_DISABLED=1 next (build|dev)\b/);
  });
});

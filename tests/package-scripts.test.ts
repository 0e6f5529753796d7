import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * README: "a fresh clone, the tests, CI and the benchmarks send nothing out". `next build`
 * and `next dev` report anonymous telemetry unless told not to, so every npm script that
 * runs them says so itself (CI's own export would not cover an owner's `npm run serve`).
 */
const root = path.resolve(import.meta.dirname, "..");

describe("npm scripts", () => {
  it("turn off Next.js telemetry wherever they run next build or next dev", () => {
    const { scripts } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    const runsNext = Object.entries(scripts).flatMap(([name, line]) =>
      line.split("&&").flatMap((step) => (/\bnext (build|dev)\b/.test(step) ? [[name, step.trim()]] : [])),
    );
    expect(runsNext.map(([name]) => name).sort()).toEqual(["build", "dev"]);
    for (const [name, step] of runsNext) expect(step, name).toMatch(/^NEXT_TELEMETRY_DISABLED=1 next (build|dev)\b/);
  });

  // `npm run ask:questions` calls a remote model and rewrites content/questions.md: the
  // owner's command only, never part of a build or a request.
  it("run ask:questions only by hand: no other script, and no code of the site or the build, reaches it", () => {
    const { scripts } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(Object.entries(scripts).filter(([, line]) => /ask-questions|ask:questions/.test(line))).toEqual([
      ["ask:questions", "tsx scripts/ask-questions.ts"],
    ]);
    const code = [".", "app", "lib", "components", "scripts", "bin"].flatMap((dir) =>
      readdirSync(path.join(root, dir), { recursive: dir !== ".", encoding: "utf8" })
        .filter((f) => /\.(ts|tsx|mjs|js)$/.test(f) && !f.includes("node_modules"))
        .map((f) => path.join(dir, f)),
    );
    expect(code.length).toBeGreaterThan(100);
    const reaching = code.filter(
      (f) => f !== "scripts/ask-questions.ts" && readFileSync(path.join(root, f), "utf8").includes("ask-questions"),
    );
    expect(reaching).toEqual([]);
  });
});

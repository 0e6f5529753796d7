/**
 * `npm test`: every stage runs, and one stage's failure never hides another's result. Lint runs
 * whatever the build does; the type check, vitest and Playwright need the build (next-env.d.ts,
 * .next, .site, .edge), so a failed build reports them "not run" rather than as failures of their
 * own. The last lines are a summary: each runner's counts, what did not run and why, and the
 * time each stage took. Exit 1 when anything failed or could not run.
 *
 * Each runner's own output streams as it runs; the counts are read from the JSON reports vitest
 * and Playwright write beside it (test-reports/), not parsed from their screens.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { THIRD_PARTY_SKIPS_FILE } from "../tests/helpers/third-party";

const ROOT = path.resolve(import.meta.dirname, "..");
/** Not test-results/: Playwright empties that folder when it starts. */
const OUT = path.join(ROOT, "test-reports");

type Result = { stage: string; status: "ok" | "failed" | "not run"; detail: string; ms: number };

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } });
    child.on("error", () => resolve({ code: 127, ms: performance.now() - started }));
    child.on("exit", (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), ms: performance.now() - started }));
  });
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

const banner = (stage: string) => console.log(`\n\x1b[1m── npm test: ${stage} ──\x1b[0m\n`);

async function main(): Promise<number> {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const results: Result[] = [];
  const simple = async (stage: string, script: string) => {
    banner(stage);
    const { code, ms } = await run("npm", ["run", script]);
    results.push({ stage, status: code === 0 ? "ok" : "failed", detail: code === 0 ? "ok" : `exit ${code}`, ms });
    return code === 0;
  };

  await simple("lint", "lint");
  const built = await simple("build", "build");
  const needsBuild = (stage: string) => {
    results.push({ stage, status: "not run", detail: "not run: build failed", ms: 0 });
  };

  if (built) await simple("typecheck", "typecheck");
  else needsBuild("typecheck");

  let skips: { dir: string; files: { file: string; what: string; skipped: number }[] } | undefined;
  if (built) {
    banner("vitest");
    const report = path.join(OUT, "vitest.json");
    const { code, ms } = await run("npx", [
      "vitest",
      "run",
      "--reporter=default",
      "--reporter=./tests/helpers/third-party-reporter.ts",
      "--reporter=json",
      `--outputFile.json=${report}`,
    ]);
    const json = readJson<{ numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number }>(report);
    const failed = code !== 0 || !json || json.numFailedTests > 0;
    const detail = json
      ? `${json.numPassedTests} passed, ${json.numFailedTests} failed, ${json.numPendingTests + json.numTodoTests} skipped${code !== 0 && json.numFailedTests === 0 ? ` (exit ${code}: an error outside any test, see above)` : ""}`
      : `exit ${code}, no report (it stopped before the end, see above)`;
    results.push({ stage: "vitest", status: failed ? "failed" : "ok", detail, ms });
    skips = readJson(THIRD_PARTY_SKIPS_FILE);
  } else needsBuild("vitest");

  if (built) {
    banner("playwright");
    const report = path.join(OUT, "playwright.json");
    const { code, ms } = await run("npx", ["playwright", "test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_FILE: report });
    const json = readJson<{ stats: { expected: number; unexpected: number; skipped: number; flaky: number } }>(report);
    const s = json?.stats;
    const failed = code !== 0 || !s || s.unexpected > 0;
    const detail = s
      ? `${s.expected} passed, ${s.unexpected} failed, ${s.skipped} skipped${s.flaky ? `, ${s.flaky} flaky` : ""}${code !== 0 && s.unexpected === 0 ? ` (exit ${code}, see above)` : ""}`
      : `exit ${code}, no report (it stopped before the end, see above)`;
    results.push({ stage: "playwright", status: failed ? "failed" : "ok", detail, ms });
  } else needsBuild("playwright");

  // The summary: last on the screen, so it is what a reader sees when the run ends.
  const minutes = (ms: number) => (ms ? `${(ms / 60_000).toFixed(1)} min` : "");
  console.log("\n\x1b[1m── npm test: summary ──\x1b[0m");
  for (const r of results) {
    const mark = r.status === "ok" ? "✓" : r.status === "failed" ? "✗" : "–";
    console.log(`  ${mark} ${r.stage.padEnd(10)} ${r.detail.padEnd(48)} ${minutes(r.ms)}`);
  }
  if (skips?.files.length) {
    const n = skips.files.reduce((s, f) => s + f.skipped, 0);
    console.log(`  not run: ${n} vitest tests whose third-party inputs are absent from ${skips.dir} (named above; README, "Testing")`);
  }
  const total = results.reduce((s, r) => s + r.ms, 0);
  const bad = results.filter((r) => r.status !== "ok");
  console.log(`  ${bad.length ? `${bad.map((r) => r.stage).join(", ")}: not ok` : "all ok"}, ${minutes(total)} in all\n`);
  return bad.length ? 1 : 0;
}

if (!existsSync(path.join(ROOT, "node_modules"))) {
  console.error("npm test: node_modules is missing; run npm ci (scripts/test-prerequisites.sh does when npm test starts)");
  process.exit(1);
}
process.exit(await main());

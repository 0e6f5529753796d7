import { spawn } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * One of the owner's scripts (`scripts/<name>.ts`) run as `npm run` runs it: its own process
 * through tsx, only the environment given (plus PATH and NODE_ENV=production), and the
 * loopback guard loaded so nothing it does leaves the machine.
 */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; out: string; err: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), script, ...args], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        NODE_OPTIONS: `--import ${pathToFileURL(path.join(root, "tests/helpers/loopback-guard.mjs")).href}`,
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("exit", (c) => resolve({ code: c ?? 1, out, err, ms: Date.now() - started }));
  });
}

/**
 * A command run in a copy of the project as an owner's shell runs it (PATH, HOME,
 * NODE_ENV=production, no telemetry, plus `env`): resolves with what it printed, rejects
 * with the end of it when it exits non-zero.
 */
export function runInCopy(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    const child = spawn(cmd, args, {
      cwd,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(" ")} exited ${code}:\n${out.slice(-4000)}`)),
    );
  });
}

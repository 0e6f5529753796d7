import { spawn, type ChildProcess } from "node:child_process";
import { pathToFileURL } from "node:url";
import { createServer } from "node:net";
import path from "node:path";
import { testPrefix } from "./redis-run";

export interface RunningServer {
  base: string;
  port: number;
  /** The server's process id (memory benchmarks read /proc/<pid>/status). */
  pid: number;
  /** Everything the server printed, for assertions on its logs. */
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * For the suites that test /ask itself (tests/ask-*.test.ts, MCP's ask tool): a server with its
 * sentence encoder, as a deployment runs by default. Every other test server runs without it.
 */
export const ENCODER_ON = { ASK_ENCODER: "on" } as const;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The built app exactly as `npm start` runs it (server.mjs over `.next`), on a free loopback
 * port, with the given environment on top of a clean one (/ask's encoder off unless the
 * environment turns it on: ENCODER_ON). `npm test` builds first.
 */
export async function startServer(
  env: Record<string, string> = {},
  via: "npm start" | "next start" = "npm start",
  /** Another checkout's own build (a test that builds a copy of the project); this one by default. */
  at?: string,
): Promise<RunningServer> {
  // Jobs on with the demo firm list would crawl public homepages: tests point it at loopback.
  if (env.JOBS_ENABLED === "1" && (!env.AROUND_FIRMS_FILE || !env.CENSUS_SITES_FILE))
    throw new Error("JOBS_ENABLED=1 in a test needs AROUND_FIRMS_FILE and CENSUS_SITES_FILE (loopback sites)");
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const root = at ?? path.resolve(import.meta.dirname, "../..");
  let log = "";
  // `next start` (no server.mjs): what a deployment without the custom server runs, where
  // proxy.ts does the twins' routing.
  const args =
    via === "npm start"
      ? ["server.mjs"]
      : [path.join(root, "node_modules", "next", "dist", "bin", "next"), "start", "-p", String(port), "-H", "127.0.0.1"];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      HOSTNAME: "127.0.0.1",
      PORT: String(port),
      STORE_PREFIX: testPrefix(`app-${port}`),
      // Every endpoint's output is checked against its schema: a mismatch is a 500 the tests see.
      CHECK_OUTPUT: "1",
      // The app's sockets are guarded like the test's: nothing leaves loopback.
      NODE_OPTIONS: `--import ${pathToFileURL(path.join(root, "tests/helpers/loopback-guard.mjs")).href}`,
      // Lens asks no public resolver or scanner from a test (a test may point these at loopback).
      LENS_DOH_URL: "off",
      LENS_EDGE_URL: "off",
      // /ask's encoder warms in a worker at every start (about 0.6 CPU-seconds and 120 MB per server,
      // measured beside ASK_ENCODER=off under the same load), and under load it answers one server's
      // question in time and another's not, so two servers' /ask differ: off unless a suite asks
      // for it (ENCODER_ON above).
      ASK_ENCODER: "off",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (log += d));
  child.stderr!.on("data", (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  // Ready in a second or two when idle; a loaded 2-core machine can take many times that.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${log}`);
    if (/Ready (on|in)/.test(log)) break;
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base,
    port,
    pid: child.pid!,
    output: () => log,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

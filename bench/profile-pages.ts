import { mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { spawn } from "node:child_process";
import { freePort, startServer } from "../tests/helpers/server";
import { BENCH_ENV } from "./server";
import { buildMinimalNextApp } from "./next-baseline";
import { load, pinServers, unpinSelf } from "./load";

/**
 * Where a prerendered page's time goes (BENCH_ONLY=profile, issue 45): each server (the project
 * under `npm start` and under `next start`, the minimal app on its same-size page) run under
 * `node --cpu-prof`, warmed, then loaded alone for BENCH_SECONDS with the same autocannon load;
 * the profile of the process that served is summed as CPU µs per request, by file and by
 * function (self time). BENCH_PROFILE_PATH picks the page (default /about).
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const GUARD = `--import ${pathToFileURL(path.join(ROOT, "tests/helpers/loopback-guard.mjs")).href}`;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** CLOCK_MONOTONIC in µs: the clock V8's profile timestamps are on (on Linux), so the load's window can be cut out of it. */
const nowMicros = () => Number(process.hrtime.bigint() / 1000n);

/** Self time in µs per request, within the load's window, by file (folder of node_modules, or the build chunk) and by function. */
export function summarize(file: string, requests: number, window: [number, number], top = 25): string {
  const p = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const byFile = new Map<string, number>();
  const byFn = new Map<string, number>();
  let busy = 0;
  let at = p.startTime;
  p.samples.forEach((id, i) => {
    const cf = byId.get(id)!.callFrame;
    const dt = p.timeDeltas[i] ?? 0;
    at += dt;
    if (at < window[0] || at > window[1] || cf.functionName === "(idle)") return;
    busy += dt;
    const url = cf.url
      .replace(/^file:\/\//, "")
      .replace(/^.*node_modules\//, "")
      .replace(/^.*\/\.next\//, ".next/");
    const where = url.startsWith("next/dist/")
      ? url.split("/").slice(0, 5).join("/")
      : url.startsWith(".next/")
        ? ".next (the app's bundle)"
        : url.startsWith("node:")
          ? "node internals"
          : url || `(${cf.functionName || "native"})`;
    byFile.set(where, (byFile.get(where) ?? 0) + dt);
    const fn = `${cf.functionName || "(anonymous)"} ${url}:${cf.lineNumber}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + dt);
  });
  const list = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, t]) => `    ${(t / requests).toFixed(1).padStart(7)} µs  ${k}`)
      .join("\n");
  return `  busy ${(busy / requests).toFixed(0)} µs per request (${requests} requests)\n  by file:\n${list(byFile)}\n  by function:\n${list(byFn)}`;
}

/** The newest .cpuprofile in `dir` that is the largest (the serving process, not a short-lived helper). */
function servingProfile(dir: string): string {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .map((f) => path.join(dir, f));
  if (!files.length) throw new Error(`no profile written in ${dir}`);
  return files.sort((a, b) => statSync(b).size - statSync(a).size)[0];
}

/** A server under `node --cpu-prof` (not allowed in NODE_OPTIONS): server.mjs, or `next start` in `cwd`. */
async function startProfiled(cwd: string, via: "npm start" | "next start", dir: string) {
  const port = await freePort();
  const script =
    via === "npm start"
      ? ["server.mjs"]
      : [path.join(cwd, "node_modules/next/dist/bin/next"), "start", "-p", String(port), "-H", "127.0.0.1"];
  const child = spawn(process.execPath, ["--cpu-prof", `--cpu-prof-dir=${dir}`, ...script], {
    cwd,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      HOSTNAME: "127.0.0.1",
      PORT: String(port),
      CHECK_OUTPUT: "0",
      NODE_OPTIONS: GUARD,
      LENS_DOH_URL: "off",
      LENS_EDGE_URL: "off",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout!.on("data", (d) => (log += d));
  child.stderr!.on("data", (d) => (log += d));
  for (let i = 0; !/Ready (on|in)/.test(log); i++) {
    if (child.exitCode !== null || i > 600) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () => new Promise<void>((r) => (child.exitCode !== null ? r() : (child.once("exit", () => r()), child.kill("SIGINT")))),
  };
}

export async function benchProfilePages() {
  const page = process.env.BENCH_PROFILE_PATH ?? "/about";
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const probe = await startServer(BENCH_ENV);
  const html = await (await fetch(`${probe.base}${page}`)).text();
  await probe.stop();
  const app = await buildMinimalNextApp("{}", html, Buffer.from("x"));
  const runs: [string, string, "npm start" | "next start", string][] = [
    ["project, npm start", ROOT, "npm start", page],
    ["project, next start", ROOT, "next start", page],
    ["minimal Next app, next start", app.dir, "next start", "/"],
  ];
  try {
    for (const [label, cwd, via, p] of runs) {
      const dir = mkdtempSync(path.join(tmpdir(), "prof-"));
      const server = await startProfiled(cwd, via, dir);
      pinServers([server.pid]);
      try {
        await load(`${server.base}${p}`, 3);
        const t0 = nowMicros();
        const r = await load(`${server.base}${p}`, seconds);
        const window: [number, number] = [t0, nowMicros()];
        console.log(`\n${label}: ${p}, ${r.requests.average.toFixed(0)} req/s (profiler on), non-2xx ${r.non2xx}`);
        await server.stop();
        console.log(summarize(servingProfile(dir), r.requests.total, window));
      } finally {
        await server.stop();
        unpinSelf();
      }
    }
  } finally {
    app.remove();
  }
}

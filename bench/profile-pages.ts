import { mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { startServer } from "../tests/helpers/server";
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

export async function benchProfilePages() {
  const page = process.env.BENCH_PROFILE_PATH ?? "/about";
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const probe = await startServer({ CHECK_OUTPUT: "0" });
  const html = await (await fetch(`${probe.base}${page}`)).text();
  await probe.stop();
  const app = await buildMinimalNextApp("{}", html, Buffer.from("x"));
  try {
    const runs: [string, () => Promise<{ base: string; pid: number; stop: () => Promise<void> }>, string][] = [];
    for (const via of ["npm start", "next start"] as const)
      runs.push([
        `project, ${via}`,
        async () => {
          const dir = mkdtempSync(path.join(tmpdir(), "prof-"));
          const s = await startServer({ CHECK_OUTPUT: "0", NODE_OPTIONS: `${GUARD} --cpu-prof --cpu-prof-dir=${dir}` }, via);
          return { ...s, dir };
        },
        page,
      ]);
    runs.push([
      "minimal Next app, next start",
      async () => {
        const dir = mkdtempSync(path.join(tmpdir(), "prof-"));
        process.env.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${dir}`;
        try {
          return { ...(await app.start()), dir };
        } finally {
          delete process.env.NODE_OPTIONS;
        }
      },
      "/",
    ]);
    for (const [label, start, p] of runs) {
      const server = (await start()) as { base: string; pid: number; stop: () => Promise<void>; dir: string };
      pinServers([server.pid]);
      try {
        await load(`${server.base}${p}`, 3);
        const t0 = nowMicros();
        const r = await load(`${server.base}${p}`, seconds);
        const window: [number, number] = [t0, nowMicros()];
        console.log(`\n${label}: ${p}, ${r.requests.average.toFixed(0)} req/s (profiler on), non-2xx ${r.non2xx}`);
        await server.stop();
        await new Promise((res) => setTimeout(res, 500));
        console.log(summarize(servingProfile(server.dir), r.requests.total, window));
      } finally {
        await server.stop();
        unpinSelf();
      }
    }
  } finally {
    app.remove();
  }
}

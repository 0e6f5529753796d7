import autocannon, { type Result } from "autocannon";
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { cpus } from "node:os";

export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const CALLERS = 20_000;
let next = 0;

/** The next of many caller addresses for `x-bench-client` (see load()), so no caller's budget runs out. */
export const benchCaller = () => `10.${(next = (next + 1) % CALLERS) >> 8}.${next & 255}.1`;

/**
 * Load one URL with autocannon over loopback. Callers rotate through many addresses (the
 * server trusts `x-bench-client` via TRUST_PROXY_HEADER) so the limiter does its full work
 * on every request without any caller reaching its budget (which would measure 429s).
 */
export interface Target {
  url: string;
  pathFor?: () => string;
  method?: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
}

export function load(target: string | Target, seconds = SECONDS): Promise<Result> {
  const t = typeof target === "string" ? { url: target } : target;
  const pathFor = t.pathFor;
  return autocannon({
    url: t.url,
    method: t.method ?? "GET",
    ...(t.body ? { body: t.body } : {}),
    headers: t.headers,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          ...(pathFor ? { path: pathFor() } : {}),
          headers: { ...req.headers, "x-bench-client": benchCaller() },
        }),
      },
    ],
  });
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

/** Alternating rounds of two targets in the same server; medians of req/s and p50/p99 latency. */
export async function compare(targets: Record<string, string | Target>) {
  const run = (t: string | Target, seconds?: number) => load(t, seconds);
  for (const t of Object.values(targets)) await run(t, 2);
  const acc: Record<string, { rps: number[]; p50: number[]; p99: number[]; bad: number }> = {};
  for (const name of Object.keys(targets)) acc[name] = { rps: [], p50: [], p99: [], bad: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, t] of Object.entries(targets)) {
      const r = await run(t);
      acc[name].rps.push(r.requests.average);
      acc[name].p50.push(r.latency.p50);
      acc[name].p99.push(r.latency.p99);
      acc[name].bad += r.non2xx + r.errors;
    }
  }
  return Object.fromEntries(
    Object.entries(acc).map(([name, a]) => [name, { rps: median(a.rps), p50: median(a.p50), p99: median(a.p99), bad: a.bad }]),
  ) as Record<string, { rps: number; p50: number; p99: number; bad: number }>;
}

export function printComparison(
  title: string,
  r: Record<string, { rps: number; p50: number; p99: number; bad: number }>,
  subject: string,
  baseline: string,
  target: string,
) {
  console.log(`\n${title} (${CONNECTIONS} connections, ${ROUNDS}×${SECONDS}s, medians)`);
  for (const [name, v] of Object.entries(r)) {
    console.log(
      `  ${name.padEnd(10)} ${v.rps.toFixed(0).padStart(6)} req/s   p50 ${v.p50.toFixed(1)} ms   p99 ${v.p99.toFixed(1)} ms${v.bad ? `   (${v.bad} non-2xx/errors)` : ""}`,
    );
  }
  console.log(`  throughput ratio ${(r[subject].rps / r[baseline].rps).toFixed(3)} (${target})`);
  console.log(`  p99 ratio        ${(r[subject].p99 / r[baseline].p99).toFixed(3)}`);
}

/** The fields of /proc/PID/stat after the command name, or undefined once the process is gone. */
function procStat(pid: number): string[] | undefined {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, "utf8");
    return s.slice(s.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/** A process and its descendants (Linux /proc), so a server that forks is measured and placed whole. */
function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    const f = procStat(Number(d));
    if (!f) continue;
    const ppid = Number(f[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(d)]);
  }
  const out: number[] = [];
  const walk = (p: number) => {
    out.push(p);
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return out;
}

/** CPU seconds (user + system) a process and its descendants have used so far (Linux /proc). */
export function cpuSeconds(pid: number): number {
  let ticks = 0;
  for (const p of processTree(pid)) {
    const f = procStat(p);
    if (f) ticks += Number(f[11]) + Number(f[12]);
  }
  return ticks / 100;
}

/**
 * Servers on the last core, this process (the load generator, and the bare node:http server
 * it hosts) on the others, when the machine has two or more and `taskset` is there;
 * BENCH_PIN=0 leaves placement to the kernel. On a two-core machine, with the scheduler
 * placing the client, the servers and their GC threads, four servers of the same build
 * measured 0.67–0.85× of the minimal app in one run; pinned, 0.83–0.87× (bench/NEXT.md).
 * Returns whether every process was pinned.
 */
export function pinServers(pids: number[]): boolean {
  // (The machine's cores, not availableParallelism(): that is this process's own affinity,
  // one core once a first benchmark has pinned it.)
  const cores = cpus().length;
  if (process.env.BENCH_PIN === "0" || cores < 2) return false;
  // (`-a` sets every thread; one that exits meanwhile fails the call, so it is tried again,
  // and a process that has gone needs no placing.)
  const pin = (mask: string, pid: number) => {
    let why = "";
    for (let i = 0; i < 3; i++) {
      const r = spawnSync("taskset", ["-a", "-p", "-c", mask, String(pid)], { encoding: "utf8" });
      if (r.status === 0 || procStat(pid) === undefined) return true;
      why = (r.stderr || r.error?.message || "").trim();
    }
    console.warn(`  (could not pin process ${pid} to CPU ${mask}: ${why})`);
    return false;
  };
  let pinned = pin(cores === 2 ? "0" : `0-${cores - 2}`, process.pid);
  for (const pid of pids) for (const p of processTree(pid)) pinned = pin(String(cores - 1), p) && pinned;
  return pinned;
}

/** This process back on every core, for the benchmarks that run after a pinned one. */
export function unpinSelf(): void {
  spawnSync("taskset", ["-a", "-p", "-c", `0-${cpus().length - 1}`, String(process.pid)]);
}

/**
 * Like compare(), and also the server's CPU time per answered request: on a shared, loaded
 * machine wall-clock req/s swings with other people's work, CPU per request much less.
 */
export async function compareCpu(targets: Record<string, { target: string | Target; pid: number }>) {
  for (const t of Object.values(targets)) await load(t.target, 2);
  const acc: Record<string, { rps: number[]; p99: number[]; cpu: number[]; bad: number }> = {};
  for (const name of Object.keys(targets)) acc[name] = { rps: [], p99: [], cpu: [], bad: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, t] of Object.entries(targets)) {
      const before = cpuSeconds(t.pid);
      const r = await load(t.target);
      const used = cpuSeconds(t.pid) - before;
      acc[name].rps.push(r.requests.average);
      acc[name].p99.push(r.latency.p99);
      acc[name].cpu.push((used * 1e6) / Math.max(1, r.requests.total));
      acc[name].bad += r.non2xx + r.errors;
    }
  }
  return Object.fromEntries(
    Object.entries(acc).map(([name, a]) => [name, { rps: median(a.rps), p99: median(a.p99), cpuUs: median(a.cpu), bad: a.bad }]),
  ) as Record<string, { rps: number; p99: number; cpuUs: number; bad: number }>;
}

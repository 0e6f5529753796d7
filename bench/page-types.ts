import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startServer, type RunningServer } from "../tests/helpers/server";
import { BENCH_ENV } from "./server";
import { buildMinimalNextApp } from "./next-baseline";
import { compareCpu, load, pinServers, unpinSelf } from "./load";

/**
 * Every page type a visitor reaches against a minimal Next app serving a prerendered page of
 * the same size, in the same run (issue 45): fresh, then after a short soak of mixed page
 * traffic, under `npm start` (the edge) and under plain `next start`. One screen of ratios at
 * the end: req/s, and CPU per request (the minimal app's over the project's, so higher is better
 * in both), which moves less than req/s when other work shares the machine.
 * BENCH_PAGE_SOAK_SECONDS (default 60) sets the soak; BENCH_PAGE_VIA=npm|next one server.
 */
const ROOT = path.resolve(import.meta.dirname, "..");

function pageTypes(): [string, string][] {
  const first = (dir: string, ext: string) =>
    readdirSync(path.join(ROOT, dir))
      .filter((n) => n.endsWith(ext) && n !== "README.md")
      .sort()[0]
      .slice(0, -ext.length);
  return [
    ["home", "/"],
    ["essay", "/writing/markdown-twins"],
    ["about", "/about"],
    ["index", "/writing"],
    ["tag page", "/tags/photography"],
    ["photo page", `/photos/${first("photos", ".jpg")}`],
    ["utilities", "/utilities"],
    ["lens", "/lens"],
    // A query's page is answered per request (its results are the query's): measured against
    // the same prerendered baseline, as a visitor's search is as common as an essay.
    ["search results", "/search?q=espresso"],
  ];
}

/** The minimal app's pages: one per row, `/p/<i>`, each of the project's page's size. */
function withSizedPages(dir: string, sizes: number[]): void {
  sizes.forEach((size, i) => {
    mkdirSync(path.join(dir, "app", "p", String(i)), { recursive: true });
    writeFileSync(
      path.join(dir, "app", "p", String(i), "page.tsx"),
      `export default function P() { return <main><p>{${JSON.stringify("x".repeat(Math.max(0, size - 600)))}}</p></main>; }\n`,
    );
  });
}

/** Mixed page traffic on the project for `seconds`: every row's page in turn, as a visitor's browser asks (br, gzip). */
async function soak(base: string, paths: string[], seconds: number): Promise<void> {
  let i = 0;
  await load({ url: `${base}/`, pathFor: () => paths[i++ % paths.length], headers: { "accept-encoding": "br, gzip" } }, seconds);
}

export async function benchPageTypes() {
  const rows = pageTypes();
  const soakSeconds = Number(process.env.BENCH_PAGE_SOAK_SECONDS ?? 60);
  const vias = (process.env.BENCH_PAGE_VIA ? [process.env.BENCH_PAGE_VIA] : ["npm", "next"]).map((v) =>
    v === "next" ? ("next start" as const) : ("npm start" as const),
  );
  // The sizes the project serves (identity, as autocannon asks), then the minimal app built with a page of each.
  const probe = await startServer(BENCH_ENV);
  const sizes: number[] = [];
  try {
    for (const [, p] of rows)
      sizes.push((await (await fetch(`${probe.base}${p}`, { headers: { "accept-encoding": "identity" } })).arrayBuffer()).byteLength);
  } finally {
    await probe.stop();
  }
  const app = await buildMinimalNextApp("{}", "<p></p>", Buffer.from("x"), {}, (dir) => withSizedPages(dir, sizes));
  const table = new Map<string, Record<string, number>>();
  try {
    for (const via of vias) {
      const server: RunningServer = await startServer({ ...BENCH_ENV, TRUST_PROXY_HEADER: "x-bench-client" }, via);
      const minimal = await app.start();
      const pinned = pinServers([server.pid, minimal.pid]);
      try {
        console.log(
          `\npage types under ${via} against a minimal Next app's prerendered page of the same size${pinned ? " (servers pinned)" : ""}`,
        );
        for (const [, p] of rows) await fetch(`${server.base}${p}`).then((r) => r.arrayBuffer());
        for (const phase of ["fresh", "after soak"] as const) {
          if (phase === "after soak") {
            console.log(`  soak: ${soakSeconds} s of mixed page traffic (br, gzip) on both`);
            await Promise.all([
              soak(
                server.base,
                rows.map(([, p]) => p),
                soakSeconds,
              ),
              soak(
                minimal.base,
                rows.map((_, i) => `/p/${i}`),
                soakSeconds,
              ),
            ]);
          }
          for (const [i, [label, p]] of rows.entries()) {
            const r = await compareCpu({
              project: { target: `${server.base}${p}`, pid: server.pid },
              minimal: { target: `${minimal.base}/p/${i}`, pid: minimal.pid },
            });
            const ratio = r.project.rps / r.minimal.rps;
            const cpu = r.minimal.cpuUs / r.project.cpuUs;
            table.set(label, { ...table.get(label), [`${via} ${phase}`]: ratio, [`${via} ${phase} cpu`]: cpu });
            console.log(
              `  ${phase.padEnd(10)} ${label.padEnd(11)} ${String(sizes[i]).padStart(6)} B  project ${r.project.rps.toFixed(0).padStart(6)} req/s ${r.project.cpuUs.toFixed(0).padStart(5)} µs (p99 ${r.project.p99} ms, non-2xx ${r.project.bad}) | minimal ${r.minimal.rps.toFixed(0).padStart(6)} req/s ${r.minimal.cpuUs.toFixed(0).padStart(5)} µs | ${ratio.toFixed(2)}× req/s, ${cpu.toFixed(2)}× CPU`,
            );
          }
        }
      } finally {
        await minimal.stop();
        await server.stop();
        unpinSelf();
      }
    }
  } finally {
    app.remove();
  }
  const cols = vias.flatMap((v) => [`${v} fresh`, `${v} after soak`]);
  console.log(
    `\nproject/minimal, same-size prerendered page, req/s (CPU per request, minimal/project) (target ≥ 0.9×; the edge aims at ≥ 2×)`,
  );
  console.log(`  ${"page type".padEnd(11)} ${cols.map((c) => c.padStart(24)).join("")}`);
  const cell = (label: string, c: string) => {
    const t = table.get(label);
    return t?.[c] === undefined ? "-" : `${t[c].toFixed(2)} (${t[`${c} cpu`].toFixed(2)})`;
  };
  for (const [label] of rows) console.log(`  ${label.padEnd(11)} ${cols.map((c) => cell(label, c).padStart(24)).join("")}`);
}

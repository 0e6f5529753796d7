import http from "node:http";
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import * as cheerio from "cheerio";
import { load as loadSlim } from "cheerio/slim";
import { fetch as undiciFetch } from "undici";
import { observePage } from "../lib/lens/observe";
import { pageOfSize } from "../tests/helpers/lens-targets";
import { startBenchServer } from "./server";
import { median, percentile } from "./load";

const REPS = Number(process.env.BENCH_LENS_REPS ?? 60);

/** A loopback site serving generated pages of a few sizes. */
async function pages(sizes: Record<string, number>) {
  const bodies = Object.fromEntries(Object.entries(sizes).map(([k, n]) => [k, Buffer.from(pageOfSize(n))]));
  const server = http.createServer((req, res) => {
    const body = bodies[(req.url ?? "/").slice(1)];
    if (!body) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.byteLength });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

function rssBytes(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) * 1024 : 0;
}

/**
 * Lens: (1) time of a page-phase observation of a 200 KB page against a bare fetch + parse of
 * the same page, alternating, in process and as server time in the built app (Server-Timing
 * of /lens/fetch against the bench-only baseline route; target ≤ 1.5×); (2) peak RSS of the
 * server during 20 concurrent observations of 5 MB and 20 MB pages (target: bounded by the
 * body and parse caps, so the same for both sizes).
 */
export async function benchLens() {
  const site = await pages({ "200k": 200 * 1024, "5m": 5 * 1024 * 1024, "20m": 20 * 1024 * 1024 });
  try {
    const url = `${site.base}/200k`;
    const bareDefault = async () => cheerio.load(await (await undiciFetch(url)).text());
    const bareSlim = async () => loadSlim(await (await undiciFetch(url)).text());
    const observe = () => observePage(url, { base: "http://bench.local", allowHosts: [site.hostPort] });
    const runs = { observe: [] as number[], bareDefault: [] as number[], bareSlim: [] as number[] };
    for (let i = 0; i < 5; i++) await Promise.all([observe(), bareDefault(), bareSlim()].map((p) => p.then(() => {}))); // warm up
    for (let i = 0; i < REPS; i++) {
      for (const [name, f] of [
        ["observe", observe],
        ["bareDefault", bareDefault],
        ["bareSlim", bareSlim],
      ] as const) {
        const t = performance.now();
        await f();
        runs[name].push(performance.now() - t);
      }
    }
    const o = median(runs.observe);
    const d = median(runs.bareDefault);
    const s = median(runs.bareSlim);
    console.log(`\n/lens/fetch page observation of a 200 KB page, in process, ${REPS} alternating runs (median / p99)`);
    console.log(
      `  observation (fetch, one htmlparser2 parse, every page field, 5 token tiers)  ${o.toFixed(1)} / ${percentile(runs.observe, 99).toFixed(1)} ms`,
    );
    console.log(
      `  bare undici fetch + cheerio.load (parse5, cheerio's default)               ${d.toFixed(1)} / ${percentile(runs.bareDefault, 99).toFixed(1)} ms`,
    );
    console.log(
      `  bare undici fetch + cheerio/slim load (htmlparser2)                        ${s.toFixed(1)} / ${percentile(runs.bareSlim, 99).toFixed(1)} ms`,
    );
    console.log(`  ratio ${(o / d).toFixed(2)}x against fetch + cheerio.load; ${(o / s).toFixed(2)}x against the htmlparser2 parse alone`);
    console.log(
      `  (under tsx, whose transform wraps the project's functions but not node_modules: the server time below is the figure the target applies to)`,
    );

    const server = await startBenchServer({ LENS_ALLOW_HOSTS: site.hostPort, TRUST_PROXY_HEADER: "x-bench-client", BENCH_BASELINE: "1" });
    try {
      let client = 0;
      const timed = (path: string) =>
        new Promise<number>((resolve, reject) => {
          const req = http.get(
            `${server.base}${path}`,
            { headers: { "x-bench-client": `10.7.${(++client >> 8) & 255}.${client & 255}` }, agent: false },
            (res) => {
              res.resume();
              res.on("end", () => {
                const parts = [...String(res.headers["server-timing"] ?? "").matchAll(/dur=([\d.]+)/g)].map((m) => Number(m[1]));
                if (res.statusCode !== 200 || parts.length === 0) return reject(new Error(`${path}: ${res.statusCode}`));
                resolve(parts.reduce((a, b) => a + b, 0));
              });
            },
          );
          req.on("error", reject);
        });
      const lensPath = `/lens/fetch?phases=page&url=${encodeURIComponent(url)}`;
      const barePath = `/bench/baseline?lens=${encodeURIComponent(url)}`;
      const server200 = { lens: [] as number[], bare: [] as number[] };
      for (let i = 0; i < 5; i++) await Promise.all([timed(lensPath), timed(barePath)]);
      for (let i = 0; i < REPS; i++) {
        server200.lens.push(await timed(lensPath));
        server200.bare.push(await timed(barePath));
      }
      const sl = median(server200.lens);
      const sb = median(server200.bare);
      console.log(
        `\n/lens/fetch?phases=page of a 200 KB page, server time (Server-Timing) in the built app, ${REPS} alternating requests (median / p99)`,
      );
      console.log(
        `  /lens/fetch observation                                 ${sl.toFixed(1)} / ${percentile(server200.lens, 99).toFixed(1)} ms`,
      );
      console.log(
        `  same server, bare undici fetch + cheerio.load            ${sb.toFixed(1)} / ${percentile(server200.bare, 99).toFixed(1)} ms`,
      );
      console.log(`  ratio ${(sl / sb).toFixed(2)}x (target ≤ 1.5x)`);

      const observeOver = (page: string) =>
        new Promise<number>((resolve, reject) => {
          const req = http.get(
            `${server.base}/lens/fetch?phases=page&url=${encodeURIComponent(`${site.base}/${page}`)}`,
            { headers: { "x-bench-client": `10.8.${(++client >> 8) & 255}.${client & 255}` }, agent: false },
            (res) => {
              res.resume();
              res.on("end", () => resolve(res.statusCode ?? 0));
            },
          );
          req.on("error", reject);
        });
      await Promise.all(Array.from({ length: 4 }, () => observeOver("200k")));
      console.log(`\n/lens/fetch server memory, 20 concurrent observations (3 rounds per page size)`);
      for (const page of ["5m", "20m"]) {
        const before = rssBytes(server.pid);
        let peak = before;
        const timer = setInterval(() => (peak = Math.max(peak, rssBytes(server.pid))), 5);
        const statuses: number[] = [];
        for (let round = 0; round < 3; round++) statuses.push(...(await Promise.all(Array.from({ length: 20 }, () => observeOver(page)))));
        clearInterval(timer);
        peak = Math.max(peak, rssBytes(server.pid));
        const ok = statuses.filter((s) => s === 200).length;
        const other = statuses.filter((s) => s !== 200);
        console.log(
          `  ${page.padEnd(3)} page: RSS before ${(before / 2 ** 20).toFixed(0)} MiB, peak ${(peak / 2 ** 20).toFixed(0)} MiB (+${((peak - before) / 2 ** 20).toFixed(0)} MiB), ${ok}/${statuses.length} answered 200${other.length ? ` (others: ${other.join(", ")})` : ""}`,
        );
      }
      console.log(`  caps: body 2 MiB after decompression, HTML parsed up to 512 KiB per observation`);
    } finally {
      await server.stop();
    }
  } finally {
    await site.close();
  }
}

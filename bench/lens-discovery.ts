import { observe } from "../lib/lens/observe";
import { safeFetch } from "../lib/lens/safe-fetch";
import { runCensus, CENSUS_CONCURRENCY } from "../lib/lens/census/job";
import { createMemoryStore } from "../lib/store/memory";
import { startNativeSite, type LensSite } from "../tests/helpers/lens-sites";
import { median } from "./load";

const REPS = Number(process.env.BENCH_DISCOVERY_REPS ?? 12);
const SLOW_MS = 300;

/**
 * Lens's discovery pass, in process against loopback sites: (1) a full observation of a site
 * whose /llms.txt answers after 300 ms against a single fetch of that slow path (target
 * ≤ 1.3×: the probes run in parallel), with the subrequests one scan makes; (2) a comparison
 * (two full observations at once) against the slower of the two alone (target ≤ 1.2×);
 * (3) the census job over 16 loopback sites against one site's full scan (bounded
 * concurrency: well under 16×).
 */
export async function benchLensDiscovery() {
  const sites: LensSite[] = [];
  try {
    const slow = await startNativeSite(0, { "/llms.txt": SLOW_MS });
    const other = await startNativeSite(0, { "/sitemap.xml": SLOW_MS / 2 });
    sites.push(slow, other);
    const allowHosts = [slow.hostPort, other.hostPort];
    const o = { base: "http://bench.local", allowHosts, dns: null };
    const full = (site: LensSite) => observe(`${site.base}/`, o);
    const single = () => safeFetch(`${slow.base}/llms.txt`, { userAgent: "bench", allowHosts });
    await full(slow);
    const before = slow.seen.length;
    await full(slow);
    const perScan = slow.seen.length - before;
    const t = { full: [] as number[], single: [] as number[], pair: [] as number[], left: [] as number[], right: [] as number[] };
    const time = async (into: number[], f: () => Promise<unknown>) => {
      const s = performance.now();
      await f();
      into.push(performance.now() - s);
    };
    for (let i = 0; i < REPS; i++) {
      await time(t.full, () => full(slow));
      await time(t.single, single);
      await time(t.pair, () => Promise.all([full(slow), full(other)]));
      await time(t.left, () => full(slow));
      await time(t.right, () => full(other));
    }
    const [mf, ms] = [median(t.full), median(t.single)];
    console.log(
      `\nlens discovery: full observation of a loopback site whose /llms.txt takes ${SLOW_MS} ms, ${REPS} alternating runs (median)`,
    );
    console.log(`  full observation (page, ${perScan - 1} subrequests: probes, negotiation, MCP, bot views)   ${mf.toFixed(0)} ms`);
    console.log(`  the slow probe alone                                                       ${ms.toFixed(0)} ms`);
    console.log(`  ratio ${(mf / ms).toFixed(2)}x (target ≤ 1.3x)`);
    const slower = Math.max(median(t.left), median(t.right));
    console.log(`lens compare: both sides at once against the slower side alone (median)`);
    console.log(
      `  pair ${median(t.pair).toFixed(0)} ms, slower alone ${slower.toFixed(0)} ms: ratio ${(median(t.pair) / slower).toFixed(2)}x (target ≤ 1.2x)`,
    );

    const census = await Promise.all(Array.from({ length: 16 }, () => startNativeSite(0, { "/llms.txt": SLOW_MS })));
    sites.push(...census);
    const list = census.map((s, i) => ({
      key: `s${i}`,
      name: `Site ${i}`,
      url: `${s.base}/`,
      category: "personal" as const,
      why: "bench",
    }));
    const ctx = {
      store: createMemoryStore(),
      base: "http://bench.local",
      signal: new AbortController().signal,
      now: () => new Date(),
      log: () => {},
    };
    const hosts = census.map((s) => s.hostPort);
    const one = performance.now();
    await observe(`${census[0].base}/`, { ...o, allowHosts: hosts });
    const oneMs = performance.now() - one;
    const started = performance.now();
    const { summary } = await runCensus(ctx, list, hosts);
    const censusMs = performance.now() - started;
    console.log(`lens census: 16 loopback sites, ${CENSUS_CONCURRENCY} at a time, against one site's full scan`);
    console.log(
      `  census ${censusMs.toFixed(0)} ms (${summary.scanned} scanned), one scan ${oneMs.toFixed(0)} ms: ${(censusMs / oneMs).toFixed(1)}x (16 one after another would be 16x)`,
    );
  } finally {
    await Promise.all(sites.map((s) => s.close()));
  }
}

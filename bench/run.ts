/**
 * `npm run bench`: what the contract layer costs. The same `next start` (server.mjs) serves
 * /health.json through defineEndpoint (methods, API-Version, rate limit, headers, error
 * conversion) and /bench/baseline, a bare route handler returning the same JSON. Both are
 * loaded with autocannon over loopback in alternating rounds; medians and ratios are printed.
 * Target: the contract layer costs under 10% of throughput with the memory store.
 *
 * Callers rotate through many addresses (TRUST_PROXY_HEADER) so the limiter does its full
 * work on every request without any caller reaching its budget, which would measure 429s.
 */
import autocannon, { type Result } from "autocannon";
import { startServer } from "../tests/helpers/server";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const CALLERS = 20_000;

let next = 0;
function load(url: string, seconds: number): Promise<Result> {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        setupRequest: (req) => ({ ...req, headers: { ...req.headers, "x-bench-client": `10.${(next = (next + 1) % CALLERS) >> 8}.${next & 255}.1` } }),
      },
    ],
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const server = await startServer({ BENCH_BASELINE: "1", TRUST_PROXY_HEADER: "x-bench-client" });
  try {
    const targets = { contract: `${server.base}/health.json`, baseline: `${server.base}/bench/baseline` };
    for (const url of Object.values(targets)) await load(url, 2); // warm up both
    const rps: Record<string, number[]> = { contract: [], baseline: [] };
    const p99: Record<string, number[]> = { contract: [], baseline: [] };
    const non2xx: Record<string, number> = { contract: 0, baseline: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, url] of Object.entries(targets)) {
        const r = await load(url, SECONDS);
        rps[name].push(r.requests.average);
        p99[name].push(r.latency.p99);
        non2xx[name] += r.non2xx + r.errors;
      }
    }
    const c = { rps: median(rps.contract), p99: median(p99.contract) };
    const b = { rps: median(rps.baseline), p99: median(p99.baseline) };
    const cost = 1 - c.rps / b.rps;
    console.log(`\ncontract layer (GET /health.json vs a bare handler, same server, ${CONNECTIONS} connections, ${ROUNDS}×${SECONDS}s)`);
    console.log(`  baseline   ${b.rps.toFixed(0).padStart(6)} req/s   p99 ${b.p99.toFixed(1)} ms`);
    console.log(`  contract   ${c.rps.toFixed(0).padStart(6)} req/s   p99 ${c.p99.toFixed(1)} ms`);
    console.log(`  throughput ratio ${(c.rps / b.rps).toFixed(3)} (cost ${(cost * 100).toFixed(1)}%, target < 10%)`);
    console.log(`  p99 ratio        ${(c.p99 / b.p99).toFixed(3)}`);
    if (non2xx.contract || non2xx.baseline) console.log(`  non-2xx or errors: contract ${non2xx.contract}, baseline ${non2xx.baseline}`);
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

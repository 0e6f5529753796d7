import { startServer } from "../tests/helpers/server";
import { BENCH_ENV, startBenchServer } from "./server";
import { minimalNextApp } from "./next-baseline";
import { compareCpu, CONNECTIONS, pinServers, ROUNDS, SECONDS, unpinSelf } from "./load";

/**
 * Where a JSON route handler's throughput goes, against a minimal Next app in the same run
 * (`BENCH_ONLY=ablation`, after `npm run bench`'s BENCH_ROUTES=1 build). Rows, each a ratio
 * to the minimal app's identical route:
 *  - /bench/const under `next start`: the project's Next (its proxy.ts, instrumentation,
 *    route table) with a route that runs no project code;
 *  - the same under server.mjs: plus the custom server;
 *  - /bench/headers: plus the headers every API answer carries (CORS, RateLimit and RateLimit-Policy, Link, Cache-Control), set by no project code;
 *  - /bench/baseline: plus the health report (store ping) and Response.json;
 *  - /health.json: plus the contract layer (methods, rate limit, headers, ETag), answered
 *    through Next's route (under `next start`, and server.mjs with ENDPOINTS_VIA_NEXT=1) and
 *    by server.mjs itself (lib/surface/endpoint-routes.ts), as `npm start` serves it.
 */
export async function benchAblation() {
  const env = { CHECK_OUTPUT: "0", BENCH_BASELINE: "1", TRUST_PROXY_HEADER: "x-bench-client" };
  const project = await startBenchServer(env);
  const plain = await startServer({ ...BENCH_ENV, ...env }, "next start");
  const viaNext = await startBenchServer({ ...env, ENDPOINTS_VIA_NEXT: "1" });
  const body = await (await fetch(`${project.base}/bench/const`)).text();
  const html = await (await fetch(`${project.base}/`)).text();
  const minimal = await minimalNextApp(body, html, Buffer.from("x"));
  const pinned = pinServers([project.pid, plain.pid, viaNext.pid, minimal.pid]);
  try {
    const r = await compareCpu({
      minimal: { target: `${minimal.base}/health.json`, pid: minimal.pid },
      "const, next start": { target: `${plain.base}/bench/const`, pid: plain.pid },
      "const, server.mjs": { target: `${project.base}/bench/const`, pid: project.pid },
      "const + headers, server.mjs": { target: `${project.base}/bench/headers`, pid: project.pid },
      "bare health, server.mjs": { target: `${project.base}/bench/baseline`, pid: project.pid },
      "health.json, next start": { target: `${plain.base}/health.json`, pid: plain.pid },
      "health.json, via Next": { target: `${viaNext.base}/health.json`, pid: viaNext.pid },
      "health.json, server.mjs": { target: `${project.base}/health.json`, pid: project.pid },
    });
    console.log(
      `\nablation of GET /health.json (${CONNECTIONS} connections, ${ROUNDS}×${SECONDS}s, medians${pinned ? ", servers pinned to one core" : ""}; ratios to the minimal Next app: req/s, and minimal's CPU per request over this one's)`,
    );
    for (const [name, v] of Object.entries(r))
      console.log(
        `  ${name.padEnd(26)} ${v.rps.toFixed(0).padStart(6)} req/s ${(v.rps / r.minimal.rps).toFixed(3)}×  p99 ${v.p99.toFixed(1).padStart(5)} ms  CPU ${v.cpuUs.toFixed(0).padStart(5)} µs/req ${(r.minimal.cpuUs / v.cpuUs).toFixed(3)}×${v.bad ? `  (${v.bad} non-2xx)` : ""}`,
      );
  } finally {
    unpinSelf();
    await minimal.stop();
    await plain.stop();
    await viaNext.stop();
    await project.stop();
  }
}

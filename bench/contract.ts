import { startBenchServer } from "./server";
import { compare, printComparison } from "./load";

/**
 * What the contract layer costs: /health.json through defineEndpoint (methods,
 * API-Version, rate limit, headers, error conversion) against /bench/baseline, a bare
 * route handler returning the same JSON, in the same server. Target: under 10%. Both go
 * through Next's route (ENDPOINTS_VIA_NEXT=1): the bare route has no other way in, and the
 * layer is what is measured here, not the way in (that is `next` and `ablation`).
 */
export async function benchContract() {
  const server = await startBenchServer({ BENCH_BASELINE: "1", TRUST_PROXY_HEADER: "x-bench-client", ENDPOINTS_VIA_NEXT: "1" });
  try {
    const r = await compare({ baseline: `${server.base}/bench/baseline`, contract: `${server.base}/health.json` });
    printComparison("contract layer: GET /health.json vs a bare handler with the same JSON", r, "contract", "baseline", "target ≥ 0.90");
  } finally {
    await server.stop();
  }
}

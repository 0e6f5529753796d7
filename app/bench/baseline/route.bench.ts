import { benchBaseline } from "@/bench/baseline/handlers";

// Built only by `npm run bench` (BENCH_ROUTES=1 adds the `bench.ts` page extension in
// next.config.ts): the contract-free twin of /health.json the benchmark measures against.
export const GET = benchBaseline;

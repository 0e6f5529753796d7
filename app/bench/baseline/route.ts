import type { NextRequest } from "next/server";
import { benchBaseline } from "@/lib/meta/bench-baseline";

// The contract-free twin of /health.json that `npm run bench` measures against; 404 unless BENCH_BASELINE=1.
export const GET = (req: NextRequest) => benchBaseline(req);

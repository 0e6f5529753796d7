import type { NextRequest } from "next/server";
import { env } from "@/lib/env";
import { notFoundResponse } from "@/lib/api/not-found";
import { healthReport } from "./health";

/**
 * The same JSON as /health.json from a bare route handler: no method table, limits,
 * validation or shared headers. Only served when the benchmark starts the server with
 * BENCH_BASELINE=1, so production never exposes it.
 */
export async function benchBaseline(req: NextRequest): Promise<Response> {
  if (env().BENCH_BASELINE !== "1") return notFoundResponse(req);
  return Response.json(await healthReport());
}

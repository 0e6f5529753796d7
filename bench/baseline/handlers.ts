import type { NextRequest } from "next/server";
import { env } from "@/lib/env";
import { notFoundResponse } from "@/lib/site/not-found";
import { knownPaths } from "@/lib/surface/served-paths";
import { healthReport } from "@/lib/health/endpoint";
import { fetch as undiciFetch } from "undici";
import { load } from "cheerio";

/**
 * The same JSON as /health.json from a bare route handler: no method table, limits,
 * validation or shared headers. Only served when the benchmark starts the server with
 * BENCH_BASELINE=1, so production never exposes it.
 */
export async function benchBaseline(req: NextRequest): Promise<Response> {
  if (env().BENCH_BASELINE !== "1") return notFoundResponse(req, knownPaths);
  const lens = req.nextUrl.searchParams.get("lens");
  if (lens) return bareFetchAndParse(lens, req);
  return Response.json(await healthReport());
}

/**
 * What /lens/fetch is measured against: a bare undici fetch of the page and cheerio.load,
 * timed the same way (Server-Timing). Only for hosts in LENS_ALLOW_HOSTS, so even a
 * benchmark server cannot be made to fetch anything else.
 */
async function bareFetchAndParse(target: string, req: NextRequest): Promise<Response> {
  const url = new URL(target);
  if (!env().LENS_ALLOW_HOSTS.includes(url.host)) return notFoundResponse(req, knownPaths);
  const started = performance.now();
  const html = await (await undiciFetch(url)).text();
  const $ = load(html);
  const total = performance.now() - started;
  return Response.json({ title: $("title").text(), bytes: html.length }, { headers: { "server-timing": `total;dur=${total.toFixed(1)}` } });
}

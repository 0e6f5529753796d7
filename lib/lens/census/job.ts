import { env } from "@/lib/env";
import type { Job, JobContext } from "@/lib/jobs/types";
import { observe } from "../observe";
import { LIMITS } from "../safe-fetch";
import { isoWeek, saveWeek, type CensusResult } from "./history";
import { censusSites, type CensusSite } from "./sites";

/** Sites scanned at once: each scan is itself ~40 requests to its site, so a few at a time. */
export const CENSUS_CONCURRENCY = 4;

/** Weekly: the full lens observation of each census site, reduced to score, level and tier. */
export const lensCensus: Job = {
  name: "census",
  description: "Scan the 16 census sites with lens and record each one's readiness score and terms tier for the week",
  schedule: "0 7 * * 1",
  reachesPublicSites: true,
  leaseSeconds: Math.ceil((16 / CENSUS_CONCURRENCY) * (LIMITS.timeoutMs / 1000)) + 60,
  run: (ctx) => runCensus(ctx, censusSites(), env().LENS_ALLOW_HOSTS),
};

/** The census over `sites`, CENSUS_CONCURRENCY at a time, saved as this week's row. */
export async function runCensus(
  { store, base, signal, now, log }: JobContext,
  sites: readonly CensusSite[],
  allowHosts: readonly string[],
) {
  const results: CensusResult[] = new Array(sites.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < sites.length; i = next++) {
      const site = sites[i];
      try {
        const o = await observe(site.url, { base, signal, allowHosts });
        results[i] = {
          key: site.key,
          status: o.status,
          score: o.readiness?.overall ?? null,
          fieldScore: o.readiness?.field.overall ?? null,
          level: o.readiness?.level ?? null,
          tier: o.terms?.spectrum.tier ?? null,
        };
      } catch (e) {
        if (signal.aborted) throw e;
        results[i] = { key: site.key, status: null, score: null, fieldScore: null, level: null, tier: null, error: (e as Error).message };
        log(`${site.key}: ${(e as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CENSUS_CONCURRENCY, sites.length) }, worker));
  const at = now();
  const weeks = await saveWeek(store, { week: isoWeek(at), ranAt: at.toISOString(), results });
  return {
    week: isoWeek(at),
    sites: sites.length,
    scanned: results.filter((r) => !r.error).length,
    failed: results.filter((r) => r.error).length,
    weeksKept: weeks,
  };
}

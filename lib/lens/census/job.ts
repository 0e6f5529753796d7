import { env } from "@/lib/env";
import { JobShortfall, type Job, type JobContext, type JobResult } from "@/lib/jobs/types";
import { observe } from "../observe";
import { LIMITS } from "../safe-fetch";
import { isoWeek, readWeeks, saveWeek, type CensusResult } from "./history";
import { censusSites, type CensusSite } from "./sites";

/** Sites scanned at once: each scan is itself ~40 requests to its site, so a few at a time. */
export const CENSUS_CONCURRENCY = 4;
/** Below this share of sites scanned, the run says more about our network than about the sites: nothing is saved. */
export const MIN_SCANNED_SHARE = 0.5;

/** Weekly: the full lens observation of each census site, reduced to score, level and tier. */
export const lensCensus: Job = {
  name: "census",
  description: "Scan the 16 census sites with lens and record each one's readiness score and terms tier for the week",
  schedule: "0 7 * * 1",
  reachesPublicSites: true,
  feature: "census",
  leaseSeconds: Math.ceil((16 / CENSUS_CONCURRENCY) * (LIMITS.timeoutMs / 1000)) + 60,
  run: (ctx) => runCensus(ctx, censusSites(), env().LENS_ALLOW_HOSTS),
};

/**
 * The census over `sites`, CENSUS_CONCURRENCY at a time, saved as this week's row. Too few
 * scanned: a shortfall, and nothing is written. Some failed: the row is saved with, for each
 * failed site, the good result an earlier run this week recorded, if any.
 */
export async function runCensus(
  { store, base, signal, now, log }: JobContext,
  sites: readonly CensusSite[],
  allowHosts: readonly string[],
): Promise<JobResult> {
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
  const week = isoWeek(at);
  const failed = results.filter((r) => r.error);
  const counts = { week, sites: sites.length, scanned: sites.length - failed.length, failed: failed.length };
  const problems = failed.map((r) => `${r.key} unreachable: ${r.error}`);
  const needed = Math.ceil(sites.length * MIN_SCANNED_SHARE);
  if (counts.scanned < needed)
    throw new JobShortfall(
      `scanned ${counts.scanned} of ${sites.length} sites (at least ${needed} needed); the census is unchanged`,
      counts,
      problems,
    );
  const earlier = new Map(((await readWeeks(store)).find((w) => w.week === week)?.results ?? []).map((r) => [r.key, r]));
  const merged = results.map((r) => (r.error && earlier.get(r.key) && !earlier.get(r.key)!.error ? earlier.get(r.key)! : r));
  const weeks = await saveWeek(store, { week, ranAt: at.toISOString(), results: merged });
  return { summary: { ...counts, weeksKept: weeks }, problems };
}

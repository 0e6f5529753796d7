import { z } from "zod";
import { defineEndpoint } from "@/lib/core/endpoint";
import { ApiError } from "@/lib/core/errors";
import { named } from "@/lib/core/schemas";
import { getStore } from "@/lib/store";
import { StoreUnavailableError } from "@/lib/store/errors";
import { jobsEnabled, nextRun } from "@/lib/jobs/schedule";
import { FailedRunSchema, failureSince, type FailedRun } from "@/lib/jobs/last-failure";
import { KEPT_WEEKS, readWeeks } from "./history";
import { lensCensus } from "./job";
import { CensusSiteSchema, censusSites } from "./sites";

const PointSchema = z.object({
  week: z.string().meta({ description: "ISO week, e.g. 2026-W48" }),
  ranAt: z.iso.datetime(),
  status: z.int().nullable().meta({ description: "The home page's HTTP status; null when it could not be read" }),
  score: z.int().min(0).max(100).nullable().meta({ description: "Readiness score (readiness.overall)" }),
  fieldScore: z.int().min(0).max(100).nullable().meta({ description: "What crawlers actually got (readiness.field.overall)" }),
  level: z.int().nullable().meta({ description: "Lens's level: 0, 1, 3 or 5" }),
  tier: z.string().nullable().meta({ description: "Terms tier: open, signaled, enforced or paid" }),
  error: z.string().optional().meta({ description: "Why the site could not be scanned that week" }),
});

export const CensusSchema = named(
  "Census",
  z.object({
    ok: z.literal(true),
    schedule: z.string().meta({ description: "When the census runs (cron, UTC)" }),
    scheduled: z.boolean().meta({ description: "Scheduled jobs are on for this site" }),
    nextRunAt: z.iso.datetime().nullable(),
    lastFailure: FailedRunSchema.nullable().meta({
      description: "The newest census run, when it failed after the newest week recorded here (that week is the last good one)",
    }),
    keptWeeks: z.int().meta({ description: "Weeks of history kept; older weeks are dropped" }),
    weeks: z.array(z.string()).meta({ description: "The weeks recorded, oldest first" }),
    sites: z.array(
      CensusSiteSchema.extend({ series: z.array(PointSchema).meta({ description: "One point per recorded week, oldest first" }) }),
    ),
  }),
  "A weekly record of 16 representative sites: each one's readiness score, level and terms tier over time.",
);

/** The census as /lens/census.json answers it (throws ApiError storage_unavailable); the page and its twin read it here too. */
export async function readCensus(): Promise<z.infer<typeof CensusSchema>> {
  let weeks, lastFailure;
  try {
    const store = getStore();
    weeks = await readWeeks(store);
    lastFailure = await failureSince(store, lensCensus.name, weeks.at(-1)?.ranAt ?? null);
  } catch (e) {
    if (e instanceof StoreUnavailableError)
      throw new ApiError("storage_unavailable", "The census could not be read right now.", {
        cause: e,
        headers: { "retry-after": "60" },
      });
    throw e;
  }
  return censusOf(weeks, jobsEnabled(), lastFailure);
}

/** The census body over the weeks recorded; with the census turned off, none and nothing scheduled. */
function censusOf(
  weeks: Awaited<ReturnType<typeof readWeeks>>,
  scheduled: boolean,
  lastFailure: FailedRun | null,
): z.infer<typeof CensusSchema> {
  const next = scheduled ? nextRun(lensCensus.schedule) : null;
  return {
    ok: true as const,
    schedule: lensCensus.schedule,
    scheduled,
    nextRunAt: next?.toISOString() ?? null,
    lastFailure,
    keptWeeks: KEPT_WEEKS,
    weeks: weeks.map((w) => w.week),
    sites: censusSites().map((site) => ({
      ...site,
      series: weeks.flatMap((w) => {
        const r = w.results.find((x) => x.key === site.key);
        return r
          ? [
              {
                week: w.week,
                ranAt: w.ranAt,
                status: r.status,
                score: r.score,
                fieldScore: r.fieldScore,
                level: r.level,
                tier: r.tier,
                ...(r.error ? { error: r.error } : {}),
              },
            ]
          : [];
      }),
    })),
  };
}

export const getCensus = defineEndpoint({
  name: "getCensus",
  summary: "Weekly agent-readiness census of 16 sites",
  description: `Lens's full observation of 16 representative home pages (publishers, documentation, shops, personal sites, agent-native sites), run weekly (${lensCensus.schedule}, UTC) when the owner has turned scheduled jobs on; each site's readiness score, field score, level and terms tier per ISO week, the newest ${KEPT_WEEKS} weeks kept. Empty weeks before the first run.`,
  tag: "lens",
  policy: "read",
  output: CensusSchema,
  outputDescription: "The census",
  errors: [{ status: 503, code: "storage_unavailable", description: "The census history could not be read right now" }],
  run: () => readCensus(),
  feature: { name: "census", off: () => censusOf([], false, null) },
  http: { path: "/lens/census.json", cache: { maxAge: 600, staleWhileRevalidate: 3600 } },
});

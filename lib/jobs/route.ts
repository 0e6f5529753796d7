import { ApiError } from "@/lib/core/errors";
import { route } from "@/lib/core/route";
import { env } from "@/lib/env";
import { StoreUnavailableError } from "@/lib/store/errors";
import { jobContext } from "./context";
import { findJob, JOBS } from "./list";
import { runJob } from "./run";
import { jobsEnabled } from "./schedule";
import { featureOn } from "@/lib/features";

/**
 * GET|POST /api/cron/<job>: how a platform scheduler (Vercel's crons, or a crontab with
 * curl) runs a job. `Authorization: Bearer $CRON_SECRET` is required (401 otherwise, 503
 * when no secret is set), and jobs must be turned on (JOBS_ENABLED=1, else 503). The run
 * takes the job's lease like any other runner: a second call while one runs is `skipped`.
 * A `partial` run answers 200 with what failed; a run that reached too little, 502.
 */
export function cronRoute() {
  return route({ path: "/api/cron/{job}", methods: ["GET", "POST"], secret: () => env().CRON_SECRET }, async ({ req }, routeCtx) => {
    const name = (await (routeCtx as { params: Promise<{ job: string }> }).params).job;
    const job = findJob(name);
    if (!job)
      throw new ApiError("not_found", `No job is called ${JSON.stringify(name)}.`, {
        hint: `Jobs: ${JOBS.map((j) => j.name).join(", ")}.`,
      });
    if (!jobsEnabled())
      throw new ApiError("not_configured", "Scheduled jobs are off on this site.", {
        hint: "Set JOBS_ENABLED=1 to let the scheduler run them.",
      });
    if (job.feature && !featureOn(job.feature))
      throw new ApiError("not_configured", `The ${job.name} job feeds a feature that is off on this site.`, {
        hint: `npm run doctor says why features.${job.feature} is off.`,
      });
    let outcome;
    try {
      outcome = await runJob(job, "cron", jobContext(req.signal));
    } catch (e) {
      if (e instanceof StoreUnavailableError)
        throw new ApiError("storage_unavailable", "The store could not be reached, so the job could not take its lease.", { cause: e });
      throw e;
    }
    // A shortfall is the targets' (or the network's) failure, not ours: 502, and the last good data was kept.
    if (outcome.status === "failed")
      throw new ApiError(outcome.problems ? "upstream_failed" : "internal_error", `The ${job.name} job failed: ${outcome.error}`, {
        extras: { outcome },
        hint: outcome.problems ? "The last good data was kept; the next run tries again." : "See the server log.",
      });
    return {
      body: JSON.stringify(outcome),
      media: "application/json; charset=utf-8",
      cache: "no-store",
    };
  });
}

import { Cron } from "croner";
import { env } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";
import { JOBS } from "./list";
import { jobContext } from "./context";
import { lastRunKey, runJob, type LastRun } from "./run";
import { jobsEnabled, previousRun } from "./schedule";
import type { Job } from "./types";
import { featureOn } from "@/lib/features";

/**
 * The self-hosted scheduler: each job on its cron schedule in this process, when the owner
 * has turned jobs on (JOBS_ENABLED=1) and the platform does not schedule them itself
 * (Vercel runs them through vercel.json and the cron route). Several instances may run it:
 * the lease in the store lets one of them do each run. At start, a job whose last run is
 * older than its last scheduled time (the server was down then, or it never ran) runs once.
 * The jobs of features that are off (lib/features) are not scheduled.
 */
export function startScheduler(log: (m: string) => void = console.warn): { stop(): void } | null {
  if (!jobsEnabled() || env().VERCEL) return null;
  const jobs = JOBS.filter((j) => !j.feature || featureOn(j.feature));
  if (!jobs.length) return null;
  return processSingleton("scheduler", () => {
    const crons = jobs.map(
      (job) =>
        new Cron(
          job.schedule,
          { timezone: "UTC", protect: true, unref: true, name: `job:${job.name}` },
          () => void tick(job, "schedule", log),
        ),
    );
    for (const job of jobs) void catchUp(job, log);
    log(`[jobs] scheduler on: ${jobs.map((j) => `${j.name} (${j.schedule} UTC)`).join(", ")}`);
    return { stop: () => crons.forEach((c) => c.stop()) };
  });
}

/** Runs the job once; false when the store could not be reached for its lease. */
async function tick(job: Job, trigger: "schedule", log: (m: string) => void): Promise<boolean> {
  try {
    const outcome = await runJob(job, trigger, jobContext());
    const detail = outcome.status === "ran" || outcome.status === "partial" ? ` ${JSON.stringify(outcome.summary)}` : "";
    log(`[jobs] ${job.name}: ${outcome.status}${detail}${outcome.status === "partial" ? `; failed: ${outcome.problems.join("; ")}` : ""}`);
    return true;
  } catch (e) {
    // The store is down: no lease, no run; the next tick tries again.
    log(`[jobs] ${job.name} not run: ${(e as Error).message}`);
    return false;
  }
}

/** A missed run retried at start when the store was not reachable yet (a connection still opening, a restart). */
const CATCH_UP_RETRIES_MS = [2_000, 10_000, 30_000];

async function catchUp(job: Job, log: (m: string) => void): Promise<void> {
  // The store may not answer yet (a connection still opening on a loaded machine): its
  // last-run check is retried like a run, instead of giving up the catch-up for the day.
  for (let attempt = 0; ; attempt++) {
    let due: boolean;
    try {
      const last = await jobContext().store.getJson<LastRun>(lastRunKey(job.name));
      const previous = previousRun(job.schedule);
      due = !last || Boolean(previous && new Date(last.startedAt) < previous);
    } catch (e) {
      if (attempt >= CATCH_UP_RETRIES_MS.length) return log(`[jobs] ${job.name}: could not check its last run (${(e as Error).message})`);
      await new Promise((r) => setTimeout(r, CATCH_UP_RETRIES_MS[attempt]).unref?.());
      continue;
    }
    if (!due) return;
    for (let run = attempt; !(await tick(job, "schedule", log)) && run < CATCH_UP_RETRIES_MS.length; run++)
      await new Promise((r) => setTimeout(r, CATCH_UP_RETRIES_MS[run]).unref?.());
    return;
  }
}

import { randomUUID } from "node:crypto";
import { JobShortfall, type Job, type JobContext, type JobOutcome, type Trigger } from "./types";

/** The record of a job's last run, kept in the store (for the pages and the scheduler's catch-up). */
export const lastRunKey = (job: string) => `jobs:last:${job}`;
const leaseKey = (job: string) => `jobs:lease:${job}`;

export type LastRun = Extract<JobOutcome, { status: "ran" | "partial" | "failed" }>;

/**
 * Runs one job once, unless another runner (another instance, the cron route, a hand run)
 * holds its lease in the store: then it is skipped, never run twice at the same time. A
 * store that cannot be reached throws StoreUnavailableError (no lease, no run). The job's
 * own failure is recorded and returned, not thrown, so a scheduler keeps going; a
 * shortfall (too few targets reached) is a failure with its reasons and no stack, since
 * it is the world's state, not a bug.
 */
export async function runJob(job: Job, trigger: Trigger, ctx: JobContext): Promise<JobOutcome> {
  const token = randomUUID();
  if (!(await ctx.store.acquire(leaseKey(job.name), token, job.leaseSeconds))) {
    return { job: job.name, status: "skipped", trigger, reason: "Another runner holds this job's lease; it is running now." };
  }
  const startedAt = ctx.now().toISOString();
  let outcome: LastRun;
  try {
    const { summary, problems = [] } = await job.run(ctx);
    const finishedAt = ctx.now().toISOString();
    outcome = problems.length
      ? { job: job.name, status: "partial", trigger, startedAt, finishedAt, summary, problems }
      : { job: job.name, status: "ran", trigger, startedAt, finishedAt, summary };
  } catch (e) {
    const shortfall = e instanceof JobShortfall ? e : undefined;
    ctx.log(`[jobs] ${job.name} failed: ${shortfall ? shortfall.message : ((e as Error)?.stack ?? e)}`);
    outcome = {
      job: job.name,
      status: "failed",
      trigger,
      startedAt,
      finishedAt: ctx.now().toISOString(),
      error: (e as Error)?.message ?? String(e),
      ...(shortfall ? { summary: shortfall.summary, problems: shortfall.problems } : {}),
    };
  }
  try {
    await ctx.store.setJson(lastRunKey(job.name), outcome);
  } finally {
    await ctx.store.release(leaseKey(job.name), token).catch(() => false);
  }
  return outcome;
}

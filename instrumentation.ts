/**
 * Next calls register() once per server process at start. The job scheduler lives only in
 * the Node.js runtime (NEXT_RUNTIME and NEXT_PHASE are Next's own variables; never during `next build`); it does
 * nothing unless the owner turned jobs on (JOBS_ENABLED=1, see lib/jobs/scheduler.ts).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startScheduler } = await import("./lib/jobs/scheduler");
  startScheduler();
}

import { registerAppRoutes } from "@/lib/edge/app-routes";

/**
 * Next calls register() once per server process at start. The job scheduler lives only in
 * the Node.js runtime, never during `next build`; it does nothing unless the owner turned
 * jobs on (JOBS_ENABLED=1, see lib/jobs/scheduler.ts). NEXT_RUNTIME and NEXT_PHASE are
 * Next's own variables, read here and not through lib/env.ts on purpose: Next replaces the
 * literal `process.env.NEXT_RUNTIME` when it compiles this file for each runtime, which is
 * what keeps the Node-only imports below out of the edge bundle.
 *
 * It also leaves the edge a loader for lib/surface/endpoint-routes.ts (the app's handlers,
 * called without Next's request pipeline), so Next compiles that module with the app. Only
 * the edge (`npm start`) calls the loader: under `next start` or on a platform the module is
 * never loaded.
 *
 * First of all it decides which live features are on (lib/features), says so once, and
 * stops the process on one turned on (`true`) that cannot work here; the edge reads the
 * decision (the pages it must not serve) once Next is prepared.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { announceFeatures } = await import("./lib/features");
  announceFeatures();
  registerAppRoutes(async () => (await import("./lib/surface/endpoint-routes")).appRoutes);
  const { startScheduler } = await import("./lib/jobs/scheduler");
  startScheduler();
  // /ask's classifier and sentence encoder load and warm now (the encoder in its worker, a
  // second or two), so no visitor waits for them; the line it logs when done is the
  // readiness signal ("/ask encoder: …; warm: …"), or says once why the encoder will not be
  // used (off, no vectors, another encoder's). Not on Vercel, where this runs in every
  // function instance: there the first question warms its own (lib/ask/warm-up.ts).
  const { warmsAtStart, warmAsk } = await import("./lib/ask/warm-up");
  if (warmsAtStart()) void warmAsk();
}

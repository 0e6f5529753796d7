import { Cron } from "croner";
import { env } from "@/lib/env";

/** The owner's one switch for scheduled work (JOBS_ENABLED=1). */
export function jobsEnabled(): boolean {
  return env().JOBS_ENABLED === "1";
}

/** When a cron expression fires next after `from` (UTC). */
export function nextRun(schedule: string, from: Date = new Date()): Date | null {
  return new Cron(schedule, { timezone: "UTC", paused: true }).nextRun(from);
}

/** When it fired last before `from` (for catching up on a run missed while the server was down). */
export function previousRun(schedule: string, from: Date = new Date()): Date | null {
  return new Cron(schedule, { timezone: "UTC", paused: true }).previousRuns(1, from)[0] ?? null;
}

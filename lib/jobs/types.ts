import { z } from "zod";
import type { Store } from "@/lib/store";
import type { FeatureName } from "@/lib/features/rule";

/** Who started a run: the in-process scheduler, a platform cron calling the secret route, or the owner by hand. */
export type Trigger = "schedule" | "cron" | "manual";

export interface JobContext {
  store: Store;
  now(): Date;
  /** Public base URL of the site (for the crawler's User-Agent). */
  base: string;
  signal: AbortSignal;
  log(message: string): void;
}

export interface Job {
  name: string;
  description: string;
  /** Five-field cron expression, UTC, for the in-process scheduler. */
  schedule: string;
  /** The schedule in vercel.json when it must differ (Vercel's Hobby plan runs crons at most daily); default `schedule`. A test keeps vercel.json equal to the list. */
  platformSchedule?: string;
  /** It fetches sites on the public internet: runs on a schedule only when the owner turns jobs on. */
  reachesPublicSites: boolean;
  /** The live feature it feeds (lib/features): while that is off, neither the scheduler nor the cron route runs it. */
  feature?: FeatureName;
  /** Longest a run may take; the store lease expires after it, so a crashed runner cannot block the job for ever. */
  leaseSeconds: number;
  /**
   * Does the work and returns a short JSON summary (counts, not bodies) and, when some
   * targets failed but enough were reached to publish, what failed (the run is `partial`).
   * A run that reaches too little to publish throws `JobShortfall` and writes nothing.
   */
  run(ctx: JobContext): Promise<JobResult>;
}

export interface JobResult {
  summary: Record<string, unknown>;
  /** One line per target that failed; non-empty makes the run `partial`. */
  problems?: string[];
}

/**
 * Thrown by a job that reached less than it needs to publish anything (the network down,
 * every target down): the run is recorded as failed with its reasons, and the last good
 * data stays exactly as it was. Its message reads "what the run reached; what it kept": the
 * pages show the first half (lib/jobs/last-failure.ts).
 */
export class JobShortfall extends Error {
  constructor(
    message: string,
    readonly summary: Record<string, unknown>,
    readonly problems: string[],
  ) {
    super(message);
    this.name = "JobShortfall";
  }
}

const Common = { job: z.string(), trigger: z.enum(["schedule", "cron", "manual"]) };

/** What a run came to: the cron route's 200 body and `npm run job`'s output. Not part of the public API. */
export const JobOutcomeSchema = z.discriminatedUnion("status", [
  z.object({
    ...Common,
    status: z.literal("ran"),
    startedAt: z.iso.datetime(),
    finishedAt: z.iso.datetime(),
    summary: z.record(z.string(), z.unknown()),
  }),
  z.object({
    ...Common,
    status: z.literal("partial"),
    startedAt: z.iso.datetime(),
    finishedAt: z.iso.datetime(),
    summary: z.record(z.string(), z.unknown()),
    problems: z.array(z.string()).meta({ description: "What failed; the rest was published" }),
  }),
  z.object({ ...Common, status: z.literal("skipped"), reason: z.string() }),
  z.object({
    ...Common,
    status: z.literal("failed"),
    startedAt: z.iso.datetime(),
    finishedAt: z.iso.datetime(),
    error: z.string(),
    summary: z.record(z.string(), z.unknown()).optional(),
    problems: z.array(z.string()).optional().meta({ description: "What failed, when the job reached too little to publish" }),
  }),
]);
export type JobOutcome = z.infer<typeof JobOutcomeSchema>;

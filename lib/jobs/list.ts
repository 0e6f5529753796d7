import { aroundCrawl } from "@/lib/around/job";
import { tracksRefresh } from "@/lib/music/job";
import { lensCensus } from "@/lib/lens";
import type { Job } from "./types";

/**
 * Every scheduled job, in one list: the in-process scheduler, the cron route, vercel.json
 * (kept equal by lib/jobs/list.test.ts) and `npm run job` all read it.
 */
export const JOBS: readonly Job[] = [aroundCrawl, tracksRefresh, lensCensus];

export function findJob(name: string): Job | undefined {
  return JOBS.find((j) => j.name === name);
}

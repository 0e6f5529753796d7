import { z } from "zod";
import { named } from "@/lib/core/schemas";
import type { Store } from "@/lib/store";
import { lastRunKey, type LastRun } from "./run";

export const FailedRunSchema = named(
  "FailedRun",
  z.object({
    at: z.iso.datetime().meta({ description: "When the failed run finished" }),
    reason: z.string().meta({
      description: "Why it published nothing: how much it reached (the network or the targets were down), or that it stopped on an error",
    }),
  }),
  "The newest run of the job behind this data failed after the data was made: what is shown is the last good run's, unchanged. Null when the newest run succeeded.",
);
export type FailedRun = z.infer<typeof FailedRunSchema>;

/**
 * The job's newest run when it failed after `since` (the time the data shown was made; null:
 * no data yet, so any failure counts). Without it a page would show yesterday's crawl, or
 * "nothing yet, the first is scheduled", as if the night had gone well. A shortfall's message
 * reads "what the run reached; what it kept" (JobShortfall), and the first half is shown: the
 * page says itself what it shows. Any other failure is a bug whose message is for the owner's
 * log, not for visitors.
 */
export async function failureSince(store: Store, job: string, since: string | null): Promise<FailedRun | null> {
  const last = await store.getJson<LastRun>(lastRunKey(job));
  // A record this code did not write (an older version's, a hand edit) says nothing: the page then answers without it, never a 500.
  if (last?.status !== "failed" || typeof last.error !== "string" || Number.isNaN(Date.parse(last.finishedAt))) return null;
  if (since !== null && Date.parse(last.finishedAt) <= Date.parse(since)) return null;
  return {
    at: last.finishedAt,
    reason: last.summary ? last.error.split("; ")[0] : "the run stopped on an error (the server's log has the details)",
  };
}

/**
 * `npm run job <name>`: run one scheduled job now, by hand, against the configured store
 * (REDIS_URL or Upstash; with neither, the memory store dies with this process and the
 * result is lost, so the script refuses). Takes the same lease as the scheduler, so it
 * never runs beside another runner. Running it is the owner's explicit choice: it reaches
 * public sites whatever JOBS_ENABLED says. `npm run job` alone lists the jobs.
 * Exit codes: 0 ran, 1 failed (including a run that reached too few targets to publish: the
 * last good data is kept), 2 usage, 3 skipped (another runner holds the lease), 4 store
 * unreachable, 5 partial (published, but some targets failed; the outcome lists them).
 */
import { JOBS, findJob } from "@/lib/jobs/list";
import { jobContext } from "@/lib/jobs/context";
import { runJob } from "@/lib/jobs/run";
import { getStore } from "@/lib/store";
import { StoreUnavailableError } from "@/lib/store/errors";

const name = process.argv[2];
const job = name ? findJob(name) : undefined;
if (!job) {
  if (name) console.error(`No job is called "${name}".`);
  console.error(
    `Usage: npm run job <name>\n\nJobs:\n${JOBS.map((j) => `  ${j.name.padEnd(10)} ${j.schedule.padEnd(12)} ${j.description}`).join("\n")}`,
  );
  process.exit(2);
}
const store = getStore();
if (store.kind === "memory") {
  console.error("No store is configured: set REDIS_URL (or the Upstash variables) so the site can read what the job writes.");
  process.exit(2);
}
let code = 0;
try {
  const outcome = await runJob(job, "manual", jobContext());
  console.log(JSON.stringify(outcome, null, 2));
  code = { ran: 0, failed: 1, skipped: 3, partial: 5 }[outcome.status];
} catch (e) {
  if (!(e instanceof StoreUnavailableError)) throw e;
  console.error(`The store could not be reached: ${e.message}`);
  code = 4;
} finally {
  await store.close();
}
process.exit(code);

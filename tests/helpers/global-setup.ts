import { newRunPrefix, redisRun } from "./redis-run";
import { SHARED_REDIS_URL } from "./redis";

/**
 * vitest's global setup: the run's namespace in the shared Redis (./redis-run.ts). Set in the
 * environment before any worker starts, so every test file and every server it starts shares
 * it; its keys get TTLs as the run goes and are deleted when it ends.
 */
export default async function setup(): Promise<() => Promise<void>> {
  process.env.TEST_REDIS_PREFIX ??= newRunPrefix();
  return redisRun(SHARED_REDIS_URL, process.env.TEST_REDIS_PREFIX);
}

import { redisRun } from "../tests/helpers/redis-run";

/**
 * Playwright's global setup: the app under test stores under E2E_STORE_PREFIX (playwright.config.ts),
 * a namespace of this run in the shared Redis: its keys get TTLs while the run goes and are deleted
 * when it ends (the teardown returned here), as vitest's are (tests/helpers/redis-run.ts).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  return redisRun("redis://127.0.0.1:6379", process.env.TEST_REDIS_PREFIX!);
}

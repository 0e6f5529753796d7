import { randomBytes } from "node:crypto";
import { createClient } from "redis";

/**
 * One test run's namespace in the shared Redis (127.0.0.1:6379, which other people's runs use
 * too). Every key a test or the app under test writes there starts with `RUN_PREFIX:`; the run
 * deletes them at its end (vitest's global setup, tests/helpers/global-setup.ts; Playwright's,
 * e2e/global-setup.ts), gives each a TTL while it runs so a run killed midway leaves nothing
 * that lasts, and sweeps what older crashed runs left.
 *
 * `sitetest-<start time, base 36>-<pid>`: the start time lets a later run tell a dead run's keys from
 * a live one's without asking it.
 */
const FAMILY = "sitetest-";
const RUN_KEY = /^sitetest-([0-9a-z]{8,9})-\d+:/;
/** Longer than any run; what a crashed run leaves is gone after it. */
export const RUN_KEY_TTL_S = 6 * 3600;

export function newRunPrefix(): string {
  return `${FAMILY}${Date.now().toString(36)}-${process.pid}`;
}

/** The run's prefix: set by the global setup before any worker starts (workers inherit it). */
export function runPrefix(): string {
  return (process.env.TEST_REDIS_PREFIX ??= newRunPrefix());
}

/**
 * A STORE_PREFIX (or key prefix) of its own for one suite or server, inside the run's namespace:
 * `sitetest-…:music-3fa2c1`. Under STORE_PREFIX's 64 characters.
 */
export function testPrefix(name: string): string {
  const prefix = `${runPrefix()}:${name}-${randomBytes(3).toString("hex")}`;
  if (prefix.length > 64) throw new Error(`test prefix over STORE_PREFIX's 64 characters: ${prefix}`);
  return prefix;
}

const client = (url: string) => createClient({ url, socket: { connectTimeout: 2000, reconnectStrategy: false } });
type Client = ReturnType<typeof client>;

async function withClient<T>(url: string, work: (c: Client) => Promise<T>): Promise<T> {
  const c = client(url);
  c.on("error", () => {});
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.close();
  }
}

async function scanKeys(c: Client, match: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const batch of c.scanIterator({ MATCH: match, COUNT: 1000 })) keys.push(...batch);
  return keys;
}

/** Deletes every key of the run; returns how many there were. */
export async function deleteRunKeys(url: string, prefix: string): Promise<number> {
  return withClient(url, async (c) => {
    const keys = await scanKeys(c, `${prefix}:*`);
    for (let i = 0; i < keys.length; i += 500) await c.unlink(keys.slice(i, i + 500));
    return keys.length;
  });
}

/** Gives every key of the run without a TTL one (the app writes most keys to last). */
export async function expireRunKeys(url: string, prefix: string): Promise<void> {
  await withClient(url, async (c) => {
    for (const key of await scanKeys(c, `${prefix}:*`)) if ((await c.ttl(key)) === -1) await c.expire(key, RUN_KEY_TTL_S);
  });
}

/** Deletes what runs that started more than RUN_KEY_TTL_S ago left (crashed before their teardown). */
export async function sweepDeadRuns(url: string): Promise<number> {
  return withClient(url, async (c) => {
    const dead = (await scanKeys(c, `${FAMILY}*`)).filter((k) => {
      const started = RUN_KEY.exec(k);
      return started !== null && Date.now() - parseInt(started[1], 36) > RUN_KEY_TTL_S * 1000;
    });
    for (let i = 0; i < dead.length; i += 500) await c.unlink(dead.slice(i, i + 500));
    return dead.length;
  });
}

/**
 * The run's Redis housekeeping: sweep dead runs now, put a TTL on the run's keys every 20 s,
 * and at the end delete them. Returns the teardown. Quiet when Redis is not there (the tests
 * that need it say so themselves).
 */
export async function redisRun(url: string, prefix: string): Promise<() => Promise<void>> {
  await sweepDeadRuns(url).catch(() => 0);
  const timer = setInterval(() => void expireRunKeys(url, prefix).catch(() => {}), 20_000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    const n = await deleteRunKeys(url, prefix).catch(() => -1);
    if (process.env.TEST_REDIS_VERBOSE) console.log(`redis: deleted ${n} keys under ${prefix}:`);
  };
}

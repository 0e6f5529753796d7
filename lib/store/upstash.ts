import { Redis } from "@upstash/redis";
import { StoreUnavailableError } from "./errors";
import type { Store } from "./types";
import { outageLog, RELEASE_SCRIPT, toNumberMap, withTimeout } from "./util";

/** Upstash Redis over REST (Vercel Marketplace or a direct Upstash database). */
export function createUpstashClient(url: string, token: string, timeoutMs: number): Redis {
  // retry:false + a per-request deadline: a slow store must turn into a quick 503, not a
  // hung request. The deadline that decides is the store's (withTimeout, which does not
  // count a busy event loop against the store); this abort, later than it can decide, only frees the request.
  return new Redis({
    url,
    token,
    retry: false,
    enableTelemetry: false,
    automaticDeserialization: false,
    signal: () => AbortSignal.timeout(2 * timeoutMs + 1000),
  });
}

export function createUpstashStore(redis: Redis, prefix = "", timeoutMs = 500, log: (msg: string) => void = console.warn): Store {
  const outage = outageLog("upstash", log);
  const run = async <T>(what: string, op: () => Promise<T>): Promise<T> => {
    try {
      const value = await withTimeout(op(), timeoutMs, what);
      outage.answered();
      return value;
    } catch (err) {
      throw outage.failed(new StoreUnavailableError(`upstash ${what} failed: ${(err as Error).message}`, { cause: err }));
    }
  };

  return {
    kind: "upstash",
    getJson: <T>(key: string) =>
      run("get", async () => {
        const raw = await redis.get<string>(prefix + key);
        return raw === null ? null : (JSON.parse(raw) as T);
      }),
    setJson: (key, value, options) =>
      run("set", async () => {
        const raw = JSON.stringify(value);
        await (options?.ttlSeconds ? redis.set(prefix + key, raw, { ex: options.ttlSeconds }) : redis.set(prefix + key, raw));
      }),
    del: (key) => run("del", async () => void (await redis.del(prefix + key))),
    hincrby: (key, field, by, ttlSeconds) =>
      run("hincrby", async () => {
        // multi-exec is atomic over REST (a plain pipeline is not).
        const [count] = await redis
          .multi()
          .hincrby(prefix + key, field, by)
          .expire(prefix + key, ttlSeconds)
          .exec<[number, number]>();
        return Number(count);
      }),
    hgetallMany: (keys) =>
      run("hgetall", async () => {
        if (keys.length === 0) return [];
        const p = redis.pipeline();
        for (const k of keys) p.hgetall(prefix + k);
        const rows = await p.exec<(Record<string, unknown> | unknown[] | null)[]>();
        return rows.map(toNumberMap);
      }),
    pushCapped: (key, value, max) =>
      run("push", async () => {
        await redis
          .multi()
          .lpush(prefix + key, JSON.stringify(value))
          .ltrim(prefix + key, 0, max - 1)
          .exec();
      }),
    listRecent: <T>(key: string, count: number) =>
      run("lrange", async () => (await redis.lrange<string>(prefix + key, 0, count - 1)).map((s) => JSON.parse(s) as T)),
    acquire: (key, token, ttlSeconds) =>
      run("acquire", async () => (await redis.set(prefix + key, token, { nx: true, ex: ttlSeconds })) === "OK"),
    release: (key, token) => run("release", async () => Number(await redis.eval(RELEASE_SCRIPT, [prefix + key], [token])) === 1),
    ping: () => run("ping", async () => void (await redis.ping())),
    close: async () => {},
  };
}

import { createClient } from "redis";
import { StoreUnavailableError } from "./errors";
import type { Store } from "./types";
import { outageLog, RELEASE_SCRIPT, withTimeout, toNumberMap } from "./util";

/** Commands waiting for a Redis that stopped answering, at most: past it a command fails at once. */
const QUEUE_MAX = 10_000;

function newClient(url: string) {
  return createClient({
    url,
    disableOfflineQueue: true,
    // No per-command timer of node-redis's own (5 s by default): each is an
    // AbortSignal.timeout that cannot be cleared, and holds the async context of the request
    // that sent the command (a whole request, under Next) until it fires, long after the
    // answer. At a few thousand commands a second that kept tens of MB alive and doubled the
    // cost of a command (bench/NEXT.md, the soak). createRedisStore bounds each call with its
    // own deadline, cleared when the reply comes; QUEUE_MAX bounds what a hung Redis holds.
    commandOptions: { timeout: 0 },
    commandsQueueMaxLength: QUEUE_MAX,
    socket: {
      connectTimeout: 2000,
      reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 2000),
    },
  });
}

export type RedisClient = ReturnType<typeof newClient>;

/**
 * A node-redis client that never queues commands while disconnected: a command during an
 * outage fails at once (so the caller can answer 503 or fall back) instead of hanging.
 * It keeps reconnecting in the background, so a returning Redis is used again.
 */
export function createRedisClient(url: string, log: (msg: string) => void = console.warn): RedisClient {
  let down = false;
  const client = newClient(url);
  // An 'error' listener is required: without one, node-redis errors crash the process.
  client.on("error", (err: Error) => {
    if (!down) log(`[store] redis unreachable (${err.message}); retrying in the background`);
    down = true;
  });
  client.on("ready", () => {
    if (down) log("[store] redis reachable again");
    down = false;
  });
  const first = client.connect().then(
    () => undefined,
    () => undefined, // reported through the 'error' listener; reconnection continues
  );
  // Bounded: a Redis that is down at boot must not hold requests longer than the connect timeout.
  firstConnection.set(client, Promise.race([first, new Promise<void>((r) => setTimeout(r, 2500).unref())]));
  return client;
}

const firstConnection = new WeakMap<RedisClient, Promise<void>>();

/**
 * Resolves once the client's first connection attempt has finished, so requests that
 * arrive while the server boots wait for Redis instead of being counted as an outage.
 */
export function initialConnection(client: RedisClient): Promise<void> {
  return firstConnection.get(client) ?? Promise.resolve();
}

export function createRedisStore(client: RedisClient, timeoutMs: number, prefix = "", log: (msg: string) => void = console.warn): Store {
  const outage = outageLog("redis", log);
  const run = async <T>(what: string, op: () => Promise<T>): Promise<T> => {
    await initialConnection(client);
    // A lost connection is logged by the client itself (createRedisClient), once each way.
    if (!client.isReady) throw new StoreUnavailableError(`redis is not connected (${what})`);
    try {
      const value = await withTimeout(op(), timeoutMs, what);
      outage.answered();
      return value;
    } catch (err) {
      throw outage.failed(new StoreUnavailableError(`redis ${what} failed: ${(err as Error).message}`, { cause: err }));
    }
  };

  return {
    kind: "redis",
    getJson: <T>(key: string) =>
      run("get", async () => {
        const raw = await client.get(prefix + key);
        return raw === null ? null : (JSON.parse(raw) as T);
      }),
    setJson: (key, value, options) =>
      run("set", async () => {
        const raw = JSON.stringify(value);
        await (options?.ttlSeconds ? client.set(prefix + key, raw, { EX: options.ttlSeconds }) : client.set(prefix + key, raw));
      }),
    del: (key) => run("del", async () => void (await client.del(prefix + key))),
    hincrby: (key, field, by, ttlSeconds) =>
      run("hincrby", async () => {
        const [count] = await client
          .multi()
          .hIncrBy(prefix + key, field, by)
          .expire(prefix + key, ttlSeconds)
          .exec();
        return Number(count);
      }),
    hgetallMany: (keys) =>
      run("hgetall", async () => {
        const multi = client.multi();
        for (const k of keys) multi.hGetAll(prefix + k);
        const rows = (await multi.exec()) as unknown as Record<string, string>[];
        return rows.map(toNumberMap);
      }),
    pushCapped: (key, value, max) =>
      run("push", async () => {
        await client
          .multi()
          .lPush(prefix + key, JSON.stringify(value))
          .lTrim(prefix + key, 0, max - 1)
          .exec();
      }),
    listRecent: <T>(key: string, count: number) =>
      run("lrange", async () => (await client.lRange(prefix + key, 0, count - 1)).map((s) => JSON.parse(s) as T)),
    acquire: (key, token, ttlSeconds) =>
      run("acquire", async () => (await client.set(prefix + key, token, { NX: true, EX: ttlSeconds })) === "OK"),
    release: (key, token) =>
      run("release", async () => Number(await client.eval(RELEASE_SCRIPT, { keys: [prefix + key], arguments: [token] })) === 1),
    ping: () => run("ping", async () => void (await client.ping())),
    // A graceful close waits for every reply still owed, which a hung Redis never sends:
    // past the store deadline the socket is dropped instead (npm run job exits on time).
    close: async () => {
      if (!client.isOpen) return;
      const closed = client.close().then(
        () => true,
        () => false,
      );
      if (!(await withTimeout(closed, timeoutMs, "close").catch(() => false))) client.destroy();
    },
  };
}

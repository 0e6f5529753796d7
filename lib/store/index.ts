import { env, upstashConfig } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";
import { createMemoryStore } from "./memory";
import { createRedisClient, createRedisStore, type RedisClient } from "./redis";
import { createUpstashClient, createUpstashStore } from "./upstash";
import type { Store } from "./types";
import type { Redis } from "@upstash/redis";

export type { Store, StoreKind } from "./types";

/**
 * One backend per process, chosen by configuration: Upstash when its REST URL and token
 * are set (Vercel), else `REDIS_URL` (self-hosted), else memory. The rate limiter shares
 * the same connection.
 */
export type Backend = { kind: "memory" } | { kind: "redis"; client: RedisClient } | { kind: "upstash"; client: Redis };

export function getBackend(): Backend {
  return processSingleton<Backend>("backend", () => {
    const e = env();
    const upstash = upstashConfig();
    if (upstash) return { kind: "upstash", client: createUpstashClient(upstash.url, upstash.token, e.STORE_TIMEOUT_MS) };
    if (e.REDIS_URL) return { kind: "redis", client: createRedisClient(e.REDIS_URL) };
    return { kind: "memory" };
  });
}

export function getStore(): Store {
  return processSingleton("store", makeStore);
}

function makeStore(): Store {
  const b = getBackend();
  const timeout = env().STORE_TIMEOUT_MS;
  const prefix = `${env().STORE_PREFIX}:`;
  return b.kind === "upstash"
    ? createUpstashStore(b.client, prefix, timeout)
    : b.kind === "redis"
      ? createRedisStore(b.client, timeout, prefix)
      : createMemoryStore();
}

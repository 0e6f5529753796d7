import { env, upstashConfig } from "@/lib/env";
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
export type Backend =
  | { kind: "memory" }
  | { kind: "redis"; client: RedisClient }
  | { kind: "upstash"; client: Redis };

let backend: Backend | undefined;
let store: Store | undefined;

export function getBackend(): Backend {
  if (backend) return backend;
  const e = env();
  const upstash = upstashConfig();
  if (upstash) backend = { kind: "upstash", client: createUpstashClient(upstash.url, upstash.token, e.STORE_TIMEOUT_MS) };
  else if (e.REDIS_URL) backend = { kind: "redis", client: createRedisClient(e.REDIS_URL) };
  else backend = { kind: "memory" };
  return backend;
}

export function getStore(): Store {
  if (store) return store;
  const b = getBackend();
  const timeout = env().STORE_TIMEOUT_MS;
  const prefix = `${env().STORE_PREFIX}:`;
  store =
    b.kind === "upstash"
      ? createUpstashStore(b.client, prefix)
      : b.kind === "redis"
        ? createRedisStore(b.client, timeout, prefix)
        : createMemoryStore();
  return store;
}

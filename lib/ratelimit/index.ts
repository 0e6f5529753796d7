import { env } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";
import { getBackend } from "@/lib/store";
import { createMemoryLimiter, createRedisLimiter, createUpstashLimiter, withLocalFallback, type Limiter } from "./limiter";
import { policies, type PolicyName } from "./policies";

export { policies, policyHeader, rateLimitHeader, type Policy, type PolicyName } from "./policies";
export type { LimitResult, Limiter } from "./limiter";

/** The process-wide limiter over the configured backend (same choice as the store). */
export function getLimiter(): Limiter {
  return processSingleton("limiter", makeLimiter);
}

function makeLimiter(): Limiter {
  const b = getBackend();
  return b.kind === "upstash"
    ? withLocalFallback(createUpstashLimiter(b.client, env().STORE_TIMEOUT_MS, env().STORE_PREFIX))
    : b.kind === "redis"
      ? withLocalFallback(createRedisLimiter(b.client, env().STORE_PREFIX, env().STORE_TIMEOUT_MS))
      : createMemoryLimiter();
}

/** Spend one unit of `name` for a caller. */
export function consume(name: PolicyName, callerKey: string) {
  return getLimiter().consume(policies[name], callerKey);
}

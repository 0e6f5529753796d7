import { createMemoryLimiter } from "./sliding-window";
import type { Limiter } from "./types";

export type { LimitResult, Limiter } from "./types";

export { createMemoryLimiter, createRedisLimiter, createUpstashLimiter } from "./sliding-window";

/**
 * A shared limiter that, while its store is unreachable, counts in process memory instead
 * (logged once per outage) and goes back to the shared store as soon as it answers again.
 */
export function withLocalFallback(primary: Limiter, log: (msg: string) => void = console.warn): Limiter {
  const local = createMemoryLimiter();
  let degraded = false;
  return {
    backend: primary.backend,
    async consume(policy, callerKey) {
      try {
        const result = await primary.consume(policy, callerKey);
        if (degraded) log(`[ratelimit] ${primary.backend} limiter is back; counting there again`);
        degraded = false;
        return result;
      } catch (err) {
        if (!degraded)
          log(`[ratelimit] ${primary.backend} limiter failed (${(err as Error).message}); counting in process memory until it returns`);
        degraded = true;
        return local.consume(policy, callerKey);
      }
    },
  };
}

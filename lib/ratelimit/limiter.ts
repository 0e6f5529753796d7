import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { Ratelimit } from "@upstash/ratelimit";
import type { Redis } from "@upstash/redis";
import { initialConnection, type RedisClient } from "@/lib/store/redis";
import { withTimeout } from "@/lib/store/util";
import type { Policy, PolicyName } from "./policies";

export interface LimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window resets (at least 1 while a window is open). */
  resetSeconds: number;
}

export interface Limiter {
  readonly backend: "memory" | "redis" | "upstash";
  consume(policy: Policy, callerKey: string): Promise<LimitResult>;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** rate-limiter-flexible: memory by default, Redis self-hosted. Both count atomically. */
function rlfLimiter(
  backend: "memory" | "redis",
  make: (p: Policy) => RateLimiterAbstract,
  ready?: () => Promise<void>,
  timeoutMs?: number,
): Limiter {
  const byPolicy = new Map<PolicyName, RateLimiterAbstract>();
  return {
    backend,
    async consume(policy, callerKey) {
      if (ready) await ready();
      let rl = byPolicy.get(policy.name);
      if (!rl) byPolicy.set(policy.name, (rl = make(policy)));
      try {
        // A Redis that hangs (paused, partitioned) must cost a request its deadline, not forever:
        // past it the call fails like an outage and the local fallback counts instead.
        const res = timeoutMs ? await withTimeout(rl.consume(callerKey, 1), timeoutMs, "redis limiter") : await rl.consume(callerKey, 1);
        return { allowed: true, limit: policy.limit, remaining: res.remainingPoints, resetSeconds: seconds(res.msBeforeNext) };
      } catch (err) {
        // RLF rejects with a RateLimiterRes when the budget is spent, with an Error when the store fails.
        if (err instanceof RateLimiterRes) {
          return { allowed: false, limit: policy.limit, remaining: 0, resetSeconds: seconds(err.msBeforeNext) };
        }
        throw err;
      }
    },
  };
}

export function createMemoryLimiter(): Limiter {
  return rlfLimiter("memory", (p) => new RateLimiterMemory({ keyPrefix: `rl:${p.name}`, points: p.limit, duration: p.windowSeconds }));
}

/**
 * `prefix` namespaces the keys (STORE_PREFIX), so sites sharing a Redis keep separate
 * budgets; `timeoutMs` (STORE_TIMEOUT_MS) is the deadline of one count.
 */
export function createRedisLimiter(client: RedisClient, prefix: string, timeoutMs = 500): Limiter {
  return rlfLimiter(
    "redis",
    (p) =>
      new RateLimiterRedis({
        storeClient: client,
        useRedisPackage: true,
        rejectIfRedisNotReady: true,
        keyPrefix: `${prefix}:rl:${p.name}`,
        points: p.limit,
        duration: p.windowSeconds,
      }),
    () => initialConnection(client),
    timeoutMs,
  );
}

export function createUpstashLimiter(redis: Redis, timeoutMs: number, prefix: string): Limiter {
  const byPolicy = new Map<PolicyName, Ratelimit>();
  return {
    backend: "upstash",
    async consume(policy, callerKey) {
      let rl = byPolicy.get(policy.name);
      if (!rl) {
        rl = new Ratelimit({
          redis,
          limiter: Ratelimit.fixedWindow(policy.limit, `${policy.windowSeconds} s`),
          prefix: `${prefix}:rl:${policy.name}`,
          timeout: timeoutMs,
          enableProtection: false,
          analytics: false,
        });
        byPolicy.set(policy.name, rl);
      }
      const res = await rl.limit(callerKey);
      // @upstash/ratelimit fails *open* on timeout; treat that as an outage so the local limiter counts instead.
      if (res.reason === "timeout") throw new Error("upstash ratelimit timed out");
      return {
        allowed: res.success,
        limit: policy.limit,
        remaining: Math.max(0, res.remaining),
        resetSeconds: seconds(res.reset - Date.now()),
      };
    },
  };
}

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

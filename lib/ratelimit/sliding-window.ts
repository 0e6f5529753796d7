import type { Redis } from "@upstash/redis";
import { initialConnection, type RedisClient } from "@/lib/store/redis";
import { withTimeout } from "@/lib/store/util";
import type { LimitResult, Limiter } from "./types";
import type { Policy } from "./policies";

/**
 * The API's budgets (policies.ts) are "q requests per w seconds": no w-second interval may let one caller
 * through more than q. A fixed window lets 2q through across its edge
 * (bench/HISTORY.md#sliding-window), so every backend keeps a sliding log instead: the
 * times of the caller's accepted requests in the last w seconds, at most q of them. A
 * request is accepted while fewer than q remain in the log; `resetSeconds` is when the
 * oldest one leaves it (the earliest moment a refused caller can be accepted again).
 */

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

function result(policy: Policy, allowed: boolean, countAfter: number, oldestMs: number, nowMs: number): LimitResult {
  return {
    allowed,
    limit: policy.limit,
    remaining: allowed ? Math.max(0, policy.limit - countAfter) : 0,
    resetSeconds: seconds(oldestMs + policy.windowSeconds * 1000 - nowMs),
  };
}

/** In process memory: one array of times per caller and policy, pruned as it is read. */
export function createMemoryLimiter(now: () => number = Date.now): Limiter {
  const logs = new Map<string, number[]>();
  let calls = 0;
  return {
    backend: "memory",
    async consume(policy, callerKey) {
      const t = now();
      const windowMs = policy.windowSeconds * 1000;
      const key = `${policy.name}\u0000${callerKey}`;
      let log = logs.get(key);
      if (!log) logs.set(key, (log = []));
      let drop = 0;
      while (drop < log.length && log[drop] <= t - windowMs) drop++;
      if (drop) log.splice(0, drop);
      // Now and then, forget callers whose log has emptied, so memory follows active callers.
      if (++calls % 10_000 === 0) for (const [k, v] of logs) if (!v.length || v[v.length - 1] <= t - windowMs) logs.delete(k);
      if (log.length >= policy.limit) return result(policy, false, log.length, log[0], t);
      log.push(t);
      return result(policy, true, log.length, log[0], t);
    },
  };
}

/**
 * The same log as a Redis sorted set, in one atomic script. Time comes from the Redis
 * server, so instances with skewed clocks share one notion of the window. Returns
 * {allowed 0|1, count after, oldest ms, now ms}.
 */
const SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
local allowed = 0
if count < limit then
  redis.call('ZADD', KEYS[1], now, now .. '-' .. ARGV[3])
  count = count + 1
  allowed = 1
end
redis.call('PEXPIRE', KEYS[1], window)
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {allowed, count, tonumber(oldest[2] or now), now}
`;

type Reply = [number, number, number, number];

function fromReply(policy: Policy, reply: unknown): LimitResult {
  const [allowed, count, oldest, now] = (reply as unknown[]).map(Number) as Reply;
  return result(policy, allowed === 1, count, oldest, now);
}

let sequence = 0;
/** Unique per request within a millisecond (two instances, or two requests in one ms). */
const member = () => `${process.pid}.${(sequence = (sequence + 1) % 1e9)}.${Math.random().toString(36).slice(2, 8)}`;

/**
 * Self-hosted Redis. `prefix` namespaces the keys (STORE_PREFIX), so sites sharing a Redis
 * keep separate budgets; `timeoutMs` (STORE_TIMEOUT_MS) is the deadline of one count: a
 * Redis that hangs (paused, partitioned) costs a request that long, then counts as an
 * outage and the local fallback takes over.
 */
export function createRedisLimiter(client: RedisClient, prefix: string, timeoutMs = 500): Limiter {
  return {
    backend: "redis",
    async consume(policy, callerKey) {
      await initialConnection(client);
      if (!client.isReady) throw new Error("redis is not connected");
      const reply = await withTimeout(
        client.eval(SCRIPT, {
          keys: [`${prefix}:rl:${policy.name}:${callerKey}`],
          arguments: [String(policy.windowSeconds * 1000), String(policy.limit), member()],
        }),
        timeoutMs,
        "redis limiter",
      );
      return fromReply(policy, reply);
    },
  };
}

/** Upstash (REST): the same script through EVAL. */
export function createUpstashLimiter(redis: Redis, timeoutMs: number, prefix: string): Limiter {
  return {
    backend: "upstash",
    async consume(policy, callerKey) {
      const reply = await withTimeout(
        redis.eval(
          SCRIPT,
          [`${prefix}:rl:${policy.name}:${callerKey}`],
          [String(policy.windowSeconds * 1000), String(policy.limit), member()],
        ),
        timeoutMs,
        "upstash limiter",
      );
      return fromReply(policy, reply);
    },
  };
}

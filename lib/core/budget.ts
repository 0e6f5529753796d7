import { policyHeader, rateLimitHeader } from "@/lib/ratelimit";
import type { LimitState } from "./invoke";

const policyHeaderOf = new WeakMap<object, string>();
export function limitHeaders(limit: LimitState | undefined): Record<string, string> {
  if (!limit) return {};
  let policy = policyHeaderOf.get(limit.policy);
  if (policy === undefined) policyHeaderOf.set(limit.policy, (policy = policyHeader(limit.policy)));
  return { "ratelimit-policy": policy, ratelimit: rateLimitHeader(limit.policy, limit.remaining, limit.resetSeconds) };
}

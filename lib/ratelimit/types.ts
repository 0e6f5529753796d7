import type { Policy } from "./policies";

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

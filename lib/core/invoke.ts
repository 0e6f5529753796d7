import type { z } from "zod";
import { ApiError } from "./errors";
import type { Caller } from "./caller";
import type { Endpoint, RunContext, TypedEndpoint } from "./endpoint";
import { validationError } from "./validation";
import { consume, policies, policyHeader, rateLimitHeader, type Policy, type PolicyName } from "@/lib/ratelimit";
import { StoreUnavailableError } from "@/lib/store/errors";
import { env } from "@/lib/env";
import { featureOn } from "@/lib/features";

/** Where a caller stands against the budget a call drew on (for RateLimit headers). */
export interface LimitState {
  policy: Policy;
  remaining: number;
  resetSeconds: number;
  allowed: boolean;
}

/** What one call came to, at the endpoint's own types (`Outcome` when they do not matter). */
export type TypedOutcome<I = unknown, D = unknown> =
  | { ok: true; data: D; input: I; ctx: RunContext; limit?: LimitState; timings: Record<string, number> }
  | { ok: false; error: ApiError; limit?: LimitState; timings: Record<string, number> };
export type Outcome = TypedOutcome;

export interface InvokeOptions {
  base: string;
  signal: AbortSignal;
  /** The operation invoked, when not the endpoint's own (POST /ask). */
  operation?: string;
}

/**
 * The one path from any caller to an endpoint's `run`, for HTTP and MCP alike: the rate
 * limit, input validation, the handler, the output check (development and tests) and the
 * conversion of every failure into ApiError. It never throws.
 */
export function invoke(e: Endpoint, source: Record<string, unknown> | RawSource, caller: Caller, o: InvokeOptions): Promise<Outcome> {
  return e.open((typed) => invokeTyped(typed, source, caller, o));
}

/** invoke() for a caller that holds the endpoint at its own types (the HTTP encoder, inside `Endpoint.open`). */
export async function invokeTyped<I extends z.ZodObject, O extends z.ZodType>(
  e: TypedEndpoint<I, O>,
  source: Record<string, unknown> | RawSource,
  caller: Caller,
  o: InvokeOptions,
): Promise<TypedOutcome<z.output<I>, z.input<O>>> {
  const timings: Record<string, number> = {};
  let limit: LimitState | undefined;
  const lazy = isRawSource(source) ? source : undefined;
  let raw: Record<string, unknown> = lazy ? {} : (source as Record<string, unknown>);
  try {
    const policyName = typeof e.policy === "function" ? e.policy(lazy ? lazy.partial() : raw) : e.policy;
    if (policyName) {
      limit = await spend(policyName, caller);
      if (!limit.allowed) throw rateLimited(limit);
    }
    if (lazy) raw = await lazy.read();
    const parsed = e.parse(raw);
    if (!parsed.success) throw validationError(parsed.error.issues, "query", lazy?.bodyField);
    const input = parsed.data;
    const ctx: RunContext = {
      caller,
      base: o.base,
      signal: o.signal,
      operation: o.operation ?? e.name,
      timing: (name, ms) => void (timings[name] = ms),
    };
    const data = e.feature && !featureOn(e.feature.name) ? e.feature.off(input, ctx) : await e.run(input, ctx);
    if (checkOutputs()) checkOutput(e.name, e.output, data);
    return { ok: true, data, input, ctx, limit, timings };
  } catch (err) {
    // A caller that went away aborts the work; that is not a failure worth logging.
    const error =
      o.signal.aborted && !(err instanceof ApiError)
        ? new ApiError("internal_error", "The caller went away before the answer was ready.")
        : toApiError(err, e.name);
    // The endpoint's own error fields are defaults; what the error already says wins.
    if (e.errorExtras)
      Object.assign(error.extras, { ...e.errorExtras(lazy ? { ...lazy.partial(), ...raw } : raw, o.base), ...error.extras });
    return { ok: false, error, limit, timings };
  }
}

/**
 * Input that is read only once the budget allows it (a POST body): `partial` is what is
 * known before or without reading it, for the budget choice and error bodies.
 */
export interface RawSource {
  read(): Promise<Record<string, unknown>>;
  partial(): Record<string, unknown>;
  /** Where in the body an input field came from (a POST), for errors that name it. */
  bodyField?(name: string): string | undefined;
}

function isRawSource(s: Record<string, unknown> | RawSource): s is RawSource {
  return typeof (s as RawSource).read === "function" && typeof (s as RawSource).partial === "function";
}

/** The spec's 429: Retry-After (1-60 s, at least the window's reset) and the refusing policy at r=0. */
export function rateLimited(limit: LimitState): ApiError {
  const p = limit.policy;
  return new ApiError("rate_limited", `Over the ${p.name} budget of ${p.limit} requests per ${p.windowSeconds} seconds.`, {
    extras: { policy: p.name },
    headers: {
      "retry-after": String(Math.min(60, Math.max(1, limit.resetSeconds))),
      "ratelimit-policy": policyHeader(p),
      ratelimit: rateLimitHeader(p, 0, limit.resetSeconds),
    },
  });
}

export async function spend(name: PolicyName, caller: Caller): Promise<LimitState> {
  const policy = policies[name];
  const r = await consume(name, caller.key);
  return { policy, allowed: r.allowed, remaining: r.allowed ? r.remaining : 0, resetSeconds: r.resetSeconds };
}

/** Outputs are checked against their schema in development and tests, not in production. */
function checkOutputs(): boolean {
  const e = env();
  return e.CHECK_OUTPUT === "1" || (e.CHECK_OUTPUT === undefined && e.NODE_ENV !== "production");
}

function checkOutput(where: string, schema: z.ZodType, data: unknown): void {
  const parsed = schema.safeParse(data);
  if (parsed.success) return;
  const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
  throw new Error(`${where}: output does not match its schema: ${issues.join("; ")}`);
}

/** Known failures keep their meaning; anything else is logged and becomes a 500 in the same shape. */
export function toApiError(err: unknown, where: string): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof StoreUnavailableError) {
    // Not logged here: the store logs an outage once when it starts and once when it ends.
    return new ApiError("storage_unavailable", undefined, { headers: { "retry-after": "30" } });
  }
  if (err instanceof Error && err.name === "MissingBuildError") {
    console.error(`[api] ${where}: ${err.message}`);
    return new ApiError("not_configured", "This deployment was started without its build artifacts.", {
      hint: "The operator needs to run `npm run build`.",
    });
  }
  console.error(`[api] ${where}: unexpected error`, err);
  return new ApiError("internal_error");
}

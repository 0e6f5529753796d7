import { headers } from "next/headers";
import { identifyCaller } from "@/lib/core/caller";
import { publicBaseFromHeaders } from "@/lib/core/base-url";
import { invoke } from "@/lib/core/invoke";
import { withDeadline } from "@/lib/core/deadline";
import type { Endpoint } from "@/lib/core/endpoint";

export type PageCall<T> = { ok: true; data: T } | { ok: false; status: number; error: string; hint: string; retryAfter: string | null };

/**
 * A page's data, got through the same path as the API (invoke): the caller's budget,
 * validation and errors are the API's, so a page cannot be used to get around them.
 */
export async function callForPage<T>(e: Endpoint, params: Record<string, string>): Promise<PageCall<T>> {
  const h = await headers();
  const outcome = await withDeadline(30_000, (signal) => invoke(e, params, identifyCaller(h), { base: publicBaseFromHeaders(h), signal }));
  if (outcome.ok) return { ok: true, data: outcome.data as T };
  return {
    ok: false,
    status: outcome.error.status,
    error: outcome.error.message,
    hint: outcome.error.hint,
    retryAfter: outcome.error.headers["retry-after"] ?? null,
  };
}

/** The first value of a search parameter, trimmed and bounded. */
export function param(v: string | string[] | undefined, max = 2048): string {
  return (Array.isArray(v) ? v[0] : (v ?? "")).trim().slice(0, max);
}

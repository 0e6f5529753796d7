import { safeFetch, type FetchedResponse, type FetchOptions, type Resolver } from "../safe-fetch";
import type { DnsResolver } from "./dns";

/**
 * What every request of the discovery pass shares: one deadline (the observation's 8
 * seconds, counted from the page request), one subrequest budget, the guard's options and
 * the crawler identity. Every subrequest goes through safeFetch, so each hop of each probe
 * is vetted exactly like the page.
 */
export interface DiscoveryContext {
  userAgent: string;
  allowHosts: readonly string[];
  resolver?: Resolver;
  dns: DnsResolver | null;
  signal?: AbortSignal;
  /** performance.now() value after which nothing new starts and everything in flight is cut. */
  deadline: number;
  budget: { left: number; capped: boolean };
  /** Web Bot Auth headers for a hop (lib/lens/identity.ts). */
  sign?: (url: URL) => Promise<Record<string, string>>;
}

/** The most subrequests one observation makes after the page itself (probes, negotiation, bot views). */
export const SUBREQUEST_CAP = 48;
/** Bytes read of a well-known resource: enough for any card, robots.txt or llms.txt head. */
export const PROBE_BODY_BYTES = 512 * 1024;

export class BudgetSpent extends Error {
  constructor(why: "deadline" | "subrequests") {
    super(why === "deadline" ? "the observation's 8 seconds ran out first" : `the subrequest budget (${SUBREQUEST_CAP}) ran out first`);
    this.name = "BudgetSpent";
  }
}

/** One subrequest under the pass's budget and deadline; throws BudgetSpent, LensRefusal or LensFetchFailure. */
export async function subrequest(
  ctx: DiscoveryContext,
  url: string,
  o: Partial<Pick<FetchOptions, "accept" | "method" | "body" | "headers" | "maxBodyBytes" | "userAgent" | "maxRedirects">> = {},
): Promise<FetchedResponse> {
  const remaining = ctx.deadline - performance.now();
  if (remaining < 50) throw new BudgetSpent("deadline");
  if (ctx.budget.left <= 0) {
    ctx.budget.capped = true;
    throw new BudgetSpent("subrequests");
  }
  ctx.budget.left--;
  return safeFetch(url, {
    userAgent: o.userAgent ?? ctx.userAgent,
    allowHosts: ctx.allowHosts,
    resolver: ctx.resolver,
    signal: ctx.signal,
    timeoutMs: Math.floor(remaining),
    maxBodyBytes: o.maxBodyBytes ?? PROBE_BODY_BYTES,
    maxRedirects: o.maxRedirects ?? 3,
    accept: o.accept ?? "*/*",
    method: o.method,
    body: o.body,
    headers: o.headers,
    sign: ctx.sign,
  });
}

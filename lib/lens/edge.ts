import { fetch as undiciFetch } from "undici";
import { env } from "@/lib/env";
import { getStore } from "@/lib/store";
import { processSingleton } from "@/lib/process-singleton";
import { parseTarget } from "./target-url";

/**
 * mode=edge: the agent-readiness level from Cloudflare's isitagentready scan, asked
 * best effort. Its API is undocumented (POST {url} → {level, levelName, …}, as
 * observed) and slow, so an answer is cached per origin for a day in the store, concurrent asks
 * for one origin share one scan, and a scan that cannot be read is `available: false` with
 * the reason: never a 5xx from lens on the third party's account.
 */
export interface EdgeLevel {
  ok: true;
  available: boolean;
  level?: number;
  score?: number;
  levelName?: string | null;
  source: string;
  sourceUrl: string;
  fromCache: boolean;
  error?: string;
}

export const EDGE_TIMEOUT_MS = 90_000;
const CACHE_SECONDS = 86_400;

export async function edgeLevel(rawUrl: string, o: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<EdgeLevel> {
  // The same refusals as /lens/fetch: nobody is asked to scan a private address on our behalf.
  const target = parseTarget(rawUrl, env().LENS_ALLOW_HOSTS);
  const origin = target.url.origin;
  const endpoint = env().LENS_EDGE_URL;
  const source = endpoint === "off" ? "isitagentready.com" : new URL(endpoint).host;
  const sourceUrl = endpoint === "off" ? "https://isitagentready.com/" : `${new URL(endpoint).origin}/`;
  const base = { ok: true as const, source, sourceUrl };
  if (endpoint === "off")
    return {
      ...base,
      available: false,
      fromCache: false,
      error: "The third-party scan is turned off on this site.",
    };

  const key = `lens:edge:${origin}`;
  const store = getStore();
  const cached = await store.getJson<{ level: number; levelName: string | null }>(key).catch(() => null);
  if (cached)
    return { ...base, available: true, level: cached.level, score: cached.level * 20, levelName: cached.levelName, fromCache: true };

  const inflight = processSingleton<Map<string, Promise<EdgeLevel>>>("lens-edge", () => new Map());
  let p = inflight.get(origin);
  if (!p) {
    p = scan(endpoint, origin, base, o.timeoutMs ?? EDGE_TIMEOUT_MS, o.signal).finally(() => inflight.delete(origin));
    inflight.set(origin, p);
  }
  const result = await p;
  if (result.available && result.level !== undefined) {
    await store.setJson(key, { level: result.level, levelName: result.levelName ?? null }, { ttlSeconds: CACHE_SECONDS }).catch(() => {});
  }
  return result;
}

async function scan(
  endpoint: string,
  origin: string,
  base: Pick<EdgeLevel, "ok" | "source" | "sourceUrl">,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<EdgeLevel> {
  const unavailable = (error: string): EdgeLevel => ({ ...base, available: false, fromCache: false, error });
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const res = await undiciFetch(endpoint, {
      method: "POST",
      redirect: "error",
      signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ url: `${origin}/` }),
    });
    if (!res.ok) return unavailable(`${base.source} answered ${res.status}.`);
    const body = (await res.json().catch(() => null)) as {
      level?: unknown;
      levelName?: unknown;
      siteError?: { errorClass?: unknown };
    } | null;
    if (body?.siteError)
      return unavailable(`${base.source} could not scan the site (${String(body.siteError.errorClass ?? "site error")}).`);
    const level = body?.level;
    if (typeof level !== "number" || !Number.isInteger(level) || level < 0 || level > 5)
      return unavailable(`${base.source} answered without a level from 0 to 5.`);
    return {
      ...base,
      available: true,
      level,
      score: level * 20,
      levelName: typeof body?.levelName === "string" ? body.levelName : null,
      fromCache: false,
    };
  } catch (e) {
    if (timeout.aborted) return unavailable(`${base.source} did not answer within ${Math.round(timeoutMs / 1000)} seconds.`);
    if (signal?.aborted) throw e;
    return unavailable(`${base.source} could not be reached.`);
  }
}

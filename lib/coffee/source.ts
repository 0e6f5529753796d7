import type { VEvent } from "node-ical";
import { env } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";
import { CalendarProblem, parseCalendar } from "./calendar";

/**
 * The calendar feed, read at most once every REFETCH_MS per process and kept parsed. A read
 * that fails leaves the last good copy in place, but a copy older than MAX_AGE_MS is never
 * used: availability fails closed rather than offer a slot that may have been booked since.
 */
export const FETCH_TIMEOUT_MS = 5_000;
export const REFETCH_MS = 5 * 60_000;
export const MAX_AGE_MS = 30 * 60_000;

interface Cached {
  url: string;
  events: VEvent[];
  fetchedAt: number;
}

const state = () =>
  processSingleton<{ cached: Cached | null; inflight: Promise<Cached> | null; lastError: CalendarProblem | null }>(
    "coffee-calendar",
    () => ({
      cached: null,
      inflight: null,
      lastError: null,
    }),
  );

async function fetchFeed(url: string, now: number): Promise<Cached> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: "text/calendar" }, redirect: "follow", signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (e) {
    const timedOut = (e as Error).name === "TimeoutError";
    throw new CalendarProblem(
      "unreachable",
      timedOut ? `The calendar feed did not answer within ${FETCH_TIMEOUT_MS / 1000} seconds.` : "The calendar feed could not be reached.",
    );
  }
  if (res.status !== 200) throw new CalendarProblem("unreachable", `The calendar feed answered ${res.status}.`);
  const text = await res.text();
  return { url, events: parseCalendar(text), fetchedAt: now };
}

/** The parsed events and when they were read; throws CalendarProblem when none fresh enough exist. */
export async function calendarEvents(now: number = Date.now()): Promise<{ events: VEvent[]; fetchedAt: number }> {
  const url = env().COFFEE_ICS_URL;
  if (!url) throw new CalendarProblem("unconfigured", "No calendar is configured on this deployment, so no slot can be offered.");
  const s = state();
  if (s.cached && s.cached.url !== url) s.cached = null;
  if (!s.cached || now - s.cached.fetchedAt >= REFETCH_MS) {
    s.inflight ??= fetchFeed(url, now).finally(() => (s.inflight = null));
    try {
      s.cached = await s.inflight;
      s.lastError = null;
    } catch (e) {
      if (!(e instanceof CalendarProblem)) throw e;
      s.lastError = e;
    }
  }
  if (!s.cached) throw s.lastError ?? new CalendarProblem("unreachable", "The calendar feed could not be read.");
  if (now - s.cached.fetchedAt > MAX_AGE_MS)
    throw new CalendarProblem(
      "stale",
      `The calendar was last read ${Math.round((now - s.cached.fetchedAt) / 60_000)} minutes ago (${s.lastError?.message ?? "no newer copy"}); slots are offered only from a copy under ${MAX_AGE_MS / 60_000} minutes old.`,
    );
  return s.cached;
}

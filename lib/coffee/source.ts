import type { VEvent } from "node-ical";
import { env } from "@/lib/env";
import { processSingleton } from "@/lib/process-singleton";
import { CalendarProblem, parseCalendar } from "./calendar";

/**
 * The calendar feed, read at most once every REFETCH_MS per process and kept parsed. A read
 * that fails leaves the last good copy in place, but a copy older than MAX_AGE_MS is never
 * used: availability fails closed rather than offer a slot that may have been booked since.
 * Visitors never wait on a refetch while a usable copy exists (it runs behind them), and a
 * feed that failed is asked again only after RETRY_MS: a hanging feed costs at most one
 * deadline per retry period, never every request.
 */
export const FETCH_TIMEOUT_MS = 5_000;
export const REFETCH_MS = 5 * 60_000;
export const RETRY_MS = 60_000;
export const MAX_AGE_MS = 30 * 60_000;

interface Cached {
  url: string;
  events: VEvent[];
  fetchedAt: number;
}

interface State {
  cached: Cached | null;
  inflight: Promise<Cached> | null;
  lastError: CalendarProblem | null;
  lastAttemptAt: number | null;
}

const state = () =>
  processSingleton<State>("coffee-calendar", () => ({ cached: null, inflight: null, lastError: null, lastAttemptAt: null }));

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

/** Starts a read of the feed unless one runs, or the last one failed under RETRY_MS ago. */
function refresh(s: State, url: string, now: number): void {
  if (s.inflight || (s.lastError && s.lastAttemptAt !== null && now - s.lastAttemptAt < RETRY_MS)) return;
  s.lastAttemptAt = now;
  s.inflight = fetchFeed(url, now)
    .then(
      (fresh) => {
        s.cached = fresh;
        s.lastError = null;
        return fresh;
      },
      (e: unknown) => {
        if (!(e instanceof CalendarProblem)) console.warn(`[coffee] the calendar feed could not be read: ${(e as Error)?.message ?? e}`);
        s.lastError = e instanceof CalendarProblem ? e : new CalendarProblem("unreachable", "The calendar feed could not be read.");
        throw s.lastError;
      },
    )
    .finally(() => (s.inflight = null));
  // Awaited by whoever needs it; a read nobody waits for must not be an unhandled rejection.
  s.inflight.catch(() => {});
}

/** The parsed events and when they were read; throws CalendarProblem when none fresh enough exist. */
export async function calendarEvents(now: number = Date.now()): Promise<{ events: VEvent[]; fetchedAt: number }> {
  const url = env().COFFEE_ICS_URL;
  if (!url) throw new CalendarProblem("unconfigured", "No calendar is connected to this site, so no slot can be offered.");
  const s = state();
  if (s.cached && s.cached.url !== url) Object.assign(s, { cached: null, lastError: null, lastAttemptAt: null });
  if (!s.cached || now - s.cached.fetchedAt >= REFETCH_MS) refresh(s, url, now);
  if (s.cached && now - s.cached.fetchedAt <= MAX_AGE_MS) return s.cached;
  // No usable copy: wait for the read under way (one deadline at most), else say why at once.
  if (s.inflight) await s.inflight.catch(() => undefined);
  if (s.cached && now - s.cached.fetchedAt <= MAX_AGE_MS) return s.cached;
  if (s.cached)
    throw new CalendarProblem(
      "stale",
      `The calendar was last read ${Math.round((now - s.cached.fetchedAt) / 60_000)} minutes ago (${s.lastError?.message ?? "no newer copy"}); slots are offered only from a copy under ${MAX_AGE_MS / 60_000} minutes old.`,
    );
  throw s.lastError ?? new CalendarProblem("unreachable", "The calendar feed could not be read.");
}

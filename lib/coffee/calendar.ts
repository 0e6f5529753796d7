import ical, { type VEvent } from "node-ical";
import { TZDate } from "@date-fns/tz";
import { sharedErrorClass } from "@/lib/process-singleton";

/**
 * Busy time from an ICS feed (docs/owner-guide.md, coffee). node-ical expands recurrences (EXDATE
 * and moved RECURRENCE-ID instances included) and resolves IANA TZIDs itself; two kinds of
 * time it reads in the server process's own zone, which we undo: floating times (no TZID)
 * and all-day dates are the host's wall clock, so they are rebuilt in the host's zone.
 */
export class CalendarProblem extends sharedErrorClass("CalendarProblem") {
  constructor(
    readonly reason: "unconfigured" | "unreachable" | "malformed" | "stale",
    message: string,
  ) {
    super(message);
  }
}

/** [start, end) in epoch milliseconds, sorted by start and merged. */
export type Interval = [number, number];

/** A Date node-ical built from local wall-clock fields, re-read as that wall clock in `tz`. */
function wallClockIn(d: Date, tz: string): number {
  return new TZDate(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds(), tz).getTime();
}

function instant(d: Date & { tz?: string; dateOnly?: boolean }, tz: string, fullDay: boolean): number {
  return fullDay || d.dateOnly || !d.tz ? wallClockIn(d, tz) : d.getTime();
}

export function parseCalendar(text: string): VEvent[] {
  if (!/^\s*BEGIN:VCALENDAR/i.test(text)) throw new CalendarProblem("malformed", "The calendar feed is not an iCalendar file.");
  let parsed;
  try {
    parsed = ical.sync.parseICS(text);
  } catch (e) {
    console.warn(`[coffee] the calendar feed could not be parsed: ${(e as Error).message}`);
    throw new CalendarProblem("malformed", "The calendar feed could not be parsed.");
  }
  return Object.values(parsed).filter((c): c is VEvent => c?.type === "VEVENT");
}

/**
 * The most instances one event is expanded into. Beyond it (an every-minute event over a
 * two-week window is 26,000), the library gives up, and listing them would cost a request
 * unbounded time: the event's whole span in the window counts as busy instead, which is
 * what so many instances add up to for slots of half an hour (fail closed, never a slot
 * that may be taken).
 */
export const MAX_INSTANCES = 2_000;

const STEP_MS: Record<string, number> = { SECONDLY: 1_000, MINUTELY: 60_000, HOURLY: 3_600_000 };

/** [from, to) ∩ the event's recurrence span, when it recurs too often to expand here; else null. */
function denseSpan(ev: VEvent, from: Date, to: Date): Interval | null {
  // node-ical's rrule.js-compatible wrapper: `options` is a plain object.
  const rule = (
    ev.rrule as unknown as
      { options?: { freq?: string | number; interval?: number; until?: Date | null; count?: number | null } } | undefined
  )?.options;
  const freq =
    typeof rule?.freq === "number" ? ["YEARLY", "MONTHLY", "WEEKLY", "DAILY", "HOURLY", "MINUTELY", "SECONDLY"][rule.freq] : rule?.freq;
  const step = freq ? STEP_MS[freq] : undefined;
  if (!step || !ev.start) return null;
  const duration = Math.max(0, (ev.end?.getTime() ?? ev.start.getTime()) - ev.start.getTime());
  const start = Math.max(ev.start.getTime(), from.getTime());
  const period = step * Math.max(1, rule?.interval ?? 1);
  const until = rule?.until instanceof Date ? rule.until.getTime() + duration : Infinity;
  // A COUNT ends the series after that many periods at most (BY-rules only thin it out).
  const counted = rule?.count ? ev.start.getTime() + rule.count * period + duration : Infinity;
  const end = Math.min(until, counted, to.getTime());
  if ((end - start) / period <= MAX_INSTANCES) return null;
  return [start, end];
}

/** Busy intervals overlapping [from, to): transparent (free) and cancelled events do not count. */
export function busyIntervals(events: VEvent[], from: Date, to: Date, tz: string): Interval[] {
  const out: Interval[] = [];
  // Widen the expansion window by a day each side: an all-day or floating event is placed by
  // its wall clock, which can sit up to a day away from the UTC instant node-ical used.
  const wideFrom = new Date(from.getTime() - 86_400_000);
  const wideTo = new Date(to.getTime() + 86_400_000);
  for (const ev of events) {
    if (ev.transparency === "TRANSPARENT" || ev.status === "CANCELLED") continue;
    // A one-off event (no recurrence, no moved instances) far outside the window needs no expansion.
    if (
      !ev.rrule &&
      !ev.recurrences &&
      ev.start &&
      ev.end &&
      (ev.end.getTime() < wideFrom.getTime() || ev.start.getTime() > wideTo.getTime())
    )
      continue;
    const dense = denseSpan(ev, wideFrom, wideTo);
    if (dense) {
      if (dense[1] > from.getTime() && dense[0] < to.getTime()) out.push(dense);
      continue;
    }
    let instances;
    try {
      instances = ical.expandRecurringEvent(ev, { from: wideFrom, to: wideTo, expandOngoing: true });
    } catch (e) {
      // The library's words are for the owner's log, not for visitors.
      console.warn(`[coffee] event ${ev.uid ?? "(no UID)"} could not be expanded: ${(e as Error).message}`);
      throw new CalendarProblem("malformed", "An event of the calendar feed could not be expanded.");
    }
    for (const i of instances) {
      if ((i.event as VEvent | undefined)?.status === "CANCELLED") continue;
      const start = instant(i.start as Date & { tz?: string; dateOnly?: boolean }, tz, i.isFullDay);
      let end = instant(i.end as Date & { tz?: string; dateOnly?: boolean }, tz, i.isFullDay);
      if (!Number.isFinite(start) || !Number.isFinite(end))
        throw new CalendarProblem("malformed", "An event of the calendar feed has an unreadable time.");
      if (end <= start) end = start + (i.isFullDay ? 86_400_000 : 0);
      if (end > from.getTime() && start < to.getTime()) out.push([start, end]);
    }
  }
  out.sort((a, b) => a[0] - b[0]);
  const merged: Interval[] = [];
  for (const iv of out) {
    const last = merged[merged.length - 1];
    if (last && iv[0] <= last[1]) last[1] = Math.max(last[1], iv[1]);
    else merged.push([iv[0], iv[1]]);
  }
  return merged;
}

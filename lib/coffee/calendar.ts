import ical, { type VEvent } from "node-ical";
import { TZDate } from "@date-fns/tz";
import { sharedErrorClass } from "@/lib/process-singleton";

/**
 * Busy time from an ICS feed (notes/infra.md §4b). node-ical expands recurrences (EXDATE
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
    throw new CalendarProblem("malformed", `The calendar feed could not be parsed (${(e as Error).message}).`);
  }
  return Object.values(parsed).filter((c): c is VEvent => c?.type === "VEVENT");
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
    let instances;
    try {
      instances = ical.expandRecurringEvent(ev, { from: wideFrom, to: wideTo, expandOngoing: true });
    } catch (e) {
      throw new CalendarProblem("malformed", `An event of the calendar feed could not be expanded (${(e as Error).message}).`);
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

import { TZDate } from "@date-fns/tz";
import type { Interval } from "./calendar";

export interface OfficeHours {
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  weekdays: readonly number[];
  hours: { start: string; end: string };
  slotMinutes: number;
  horizonDays: number;
  minNoticeHours: number;
}

export interface Slot {
  /** Start and end in the host's zone with its UTC offset, e.g. 2026-11-25T09:30:00-05:00. */
  start: string;
  end: string;
  date: string;
  time: string;
}

const hm = (s: string) => s.split(":").map(Number) as [number, number];

/** The window slots are offered in: from `minNoticeHours` ahead to the end of the last day of the horizon. */
export function slotWindow(now: Date, o: OfficeHours): { from: Date; to: Date } {
  return { from: new Date(now.getTime() + o.minNoticeHours * 3_600_000), to: new Date(now.getTime() + (o.horizonDays + 1) * 86_400_000) };
}

/**
 * Every office-hours slot in the window that no busy interval touches. Days are walked as
 * calendar dates in `tz` and each slot is built from its wall clock there, so a slot is at
 * 09:30 New York time on both sides of a daylight-saving change.
 */
export function freeSlots(busy: Interval[], now: Date, tz: string, o: OfficeHours): Slot[] {
  const { from, to } = slotWindow(now, o);
  const [sh, sm] = hm(o.hours.start);
  const [eh, em] = hm(o.hours.end);
  const today = new TZDate(now.getTime(), tz);
  const slots: Slot[] = [];
  let b = 0;
  for (let d = 0; d <= o.horizonDays; d++) {
    const day = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + d, 12, 0, 0, tz);
    const iso = day.getDay() === 0 ? 7 : day.getDay();
    if (!o.weekdays.includes(iso)) continue;
    const dayEnd = new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), eh, em, 0, tz).getTime();
    for (let m = sh * 60 + sm; ; m += o.slotMinutes) {
      const start = new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), Math.floor(m / 60), m % 60, 0, tz);
      const end = start.getTime() + o.slotMinutes * 60_000;
      if (end > dayEnd) break;
      if (start.getTime() < from.getTime() || end > to.getTime()) continue;
      while (b < busy.length && busy[b][1] <= start.getTime()) b++;
      // Busy intervals are sorted and merged: only the first not yet over can overlap.
      if (b < busy.length && busy[b][0] < end) continue;
      slots.push({
        start: offsetIso(start),
        end: offsetIso(new TZDate(end, tz)),
        date: offsetIso(start).slice(0, 10),
        time: offsetIso(start).slice(11, 16),
      });
    }
  }
  return slots;
}

/** 2026-11-25T09:30:00-05:00 */
function offsetIso(d: TZDate): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  const off = -d.getTimezoneOffset();
  const sign = off >= 0 ? "+" : "-";
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:00${sign}${pad(Math.floor(Math.abs(off) / 60))}:${pad(Math.abs(off) % 60)}`;
}

import { CalendarProblem } from "./calendar";
import { availability, bookingUrl } from "./endpoint";
import type { Slot } from "./slots";

export type CoffeeView =
  | { state: "ready"; days: { date: string; label: string; slots: Slot[] }[]; bookingUrl: string; timezone: string; slotMinutes: number }
  | { state: "closed"; reason: CalendarProblem["reason"]; message: string; bookingUrl: string };

/**
 * What the /coffee page and its twin show: the same slots /coffee/availability.json gives, by
 * day. `base` prefixes the booking link ("" on the HTML page: a link relative to the site).
 */
export async function coffeeView(base: string, now: Date = new Date()): Promise<CoffeeView> {
  try {
    const a = await availability(base, now);
    const byDay = new Map<string, Slot[]>();
    for (const s of a.slots) byDay.set(s.date, [...(byDay.get(s.date) ?? []), s]);
    const label = (date: string) =>
      new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });
    return {
      state: "ready",
      days: [...byDay].map(([date, slots]) => ({ date, label: label(date), slots })),
      bookingUrl: a.bookingUrl,
      timezone: a.timezone,
      slotMinutes: a.slotMinutes,
    };
  } catch (e) {
    if (!(e instanceof CalendarProblem)) throw e;
    return { state: "closed", reason: e.reason, message: e.message, bookingUrl: bookingUrl(base) };
  }
}

import { defineEndpoint } from "@/lib/core/endpoint";
import { ApiError } from "@/lib/core/errors";
import { env } from "@/lib/env";
import { findDoc } from "@/lib/content/corpus";
import { siteConfig } from "@/site.config";
import type { VEvent } from "node-ical";
import { processSingleton } from "@/lib/process-singleton";
import { busyIntervals, CalendarProblem, type Interval } from "./calendar";
import { freeSlots, slotWindow } from "./slots";
import { calendarEvents, MAX_AGE_MS } from "./source";
import { AvailabilityErrorSchema, AvailabilitySchema } from "./schemas";

const TZ = siteConfig.timezone;
const office = siteConfig.coffee;
/**
 * The owner's booking address, else this site's contact page at the address the reader used
 * (`base`), else (an owner who deleted content/pages/contact.md) a mail to the owner.
 */
export const bookingUrl = (base: string) =>
  env().COFFEE_BOOKING_URL ?? (findDoc("/contact") ? `${base}/contact` : `mailto:${siteConfig.author.email}`);

/**
 * The link that requests one slot: the booking address with a `slot` parameter, or, for a
 * mail, the slot in its subject (or in its body, when the owner's address already sets a subject).
 */
export function slotRequestUrl(booking: string, start: string): string {
  if (booking.startsWith("mailto:")) {
    const field = /[?&]subject=/i.test(booking) ? "body" : "subject";
    // RFC 6068 spaces are %20: URLSearchParams would write "+", which mail clients show as is.
    return `${booking}${booking.includes("?") ? "&" : "?"}${field}=${encodeURIComponent(`Coffee at ${start}`)}`;
  }
  // The HTML page's booking link is site-relative ("/contact"): it stays so.
  const url = new URL(booking, "http://relative.invalid");
  url.searchParams.set("slot", start);
  return url.origin === "http://relative.invalid" ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

/**
 * Busy time is expanded once per copy of the calendar, over a window a day wider than the
 * one asked for, and reused until the copy changes or the window moves past it: expanding
 * a year of recurrences costs milliseconds, slotting against the result microseconds.
 */
function busyFor(events: VEvent[], fetchedAt: number, from: Date, to: Date): Interval[] {
  const memo = processSingleton<{ key?: string; from: number; to: number; busy: Interval[] }>("coffee-busy", () => ({
    from: 0,
    to: 0,
    busy: [],
  }));
  const key = `${fetchedAt}:${events.length}`;
  if (memo.key !== key || from.getTime() < memo.from || to.getTime() > memo.to) {
    const wideFrom = new Date(from.getTime() - 3_600_000);
    const wideTo = new Date(to.getTime() + 86_400_000);
    Object.assign(memo, { key, from: wideFrom.getTime(), to: wideTo.getTime(), busy: busyIntervals(events, wideFrom, wideTo, TZ) });
  }
  return memo.busy;
}

export async function availability(base: string, now: Date = new Date()) {
  const { events, fetchedAt } = await calendarEvents(now.getTime());
  const { from, to } = slotWindow(now, office);
  const busy = busyFor(events, fetchedAt, from, to);
  return {
    timezone: TZ,
    slotMinutes: office.slotMinutes,
    bookingUrl: bookingUrl(base),
    from: from.toISOString(),
    to: to.toISOString(),
    calendarCheckedAt: new Date(fetchedAt).toISOString(),
    slots: freeSlots(busy, now, TZ, office),
  };
}

/** Why no slot can be offered, when no calendar is connected (or coffee is turned off). */
export const UNCONFIGURED = "No calendar is connected to this site, so no slot can be offered.";

/** The 503 of a calendar that cannot be used, with the Availability fields (errorExtras) and why. */
function calendarError(e: CalendarProblem): ApiError {
  return new ApiError(e.reason === "unconfigured" ? "not_configured" : "upstream_failed", e.message, {
    status: 503,
    headers: { "retry-after": "60" },
    extras: { reason: e.reason },
    hint: e.reason === "unconfigured" ? "Write to the booking address instead." : "Try again in a minute.",
  });
}

export const getCoffeeAvailability = defineEndpoint({
  name: "getCoffeeAvailability",
  summary: "Bookable coffee slots",
  description: `Free ${office.slotMinutes}-minute slots in the host's office hours (${office.hours.start}-${office.hours.end}, ${TZ}) over the next ${office.horizonDays} days, from the host's calendar feed: recurring events, exceptions, moved instances and all-day events count as busy, transparent (free) and cancelled ones do not. Fails closed: when the calendar is unconfigured, unreachable, malformed or older than ${MAX_AGE_MS / 60_000} minutes, 503 with empty \`slots\` and Retry-After: 60. Request a slot at \`bookingUrl\`; bookings are confirmed by hand.`,
  tag: "contact",
  policy: "read",
  output: AvailabilitySchema,
  outputDescription: "Free slots",
  errorExtras: (_raw, base) => ({ timezone: TZ, slotMinutes: office.slotMinutes, bookingUrl: bookingUrl(base), slots: [] }),
  errors: [
    { status: 503, code: "not_configured", description: "No calendar feed is configured", schema: AvailabilityErrorSchema },
    {
      status: 503,
      code: "upstream_failed",
      description: "The calendar feed is unreachable, malformed or stale (`reason` says which)",
      schema: AvailabilityErrorSchema,
    },
  ],
  async run(_input, ctx) {
    try {
      return await availability(ctx.base);
    } catch (e) {
      if (!(e instanceof CalendarProblem)) throw e;
      throw calendarError(e);
    }
  },
  feature: {
    name: "coffee",
    off: () => {
      throw calendarError(new CalendarProblem("unconfigured", UNCONFIGURED));
    },
  },
  http: { path: "/coffee/availability.json", cache: { maxAge: 60 } },
});

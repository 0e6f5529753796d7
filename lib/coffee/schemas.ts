import { z } from "zod";
import { ErrorSchema, named } from "@/lib/core/schemas";

const SlotSchema = named(
  "CoffeeSlot",
  z.object({
    start: z.string().meta({ description: "Start, in the host's zone with its UTC offset", examples: ["2026-12-01T09:30:00-05:00"] }),
    end: z.string().meta({ description: "End, same form" }),
    date: z.string().meta({ description: "The host's calendar date, YYYY-MM-DD" }),
    time: z.string().meta({ description: "The host's wall-clock start, HH:MM" }),
  }),
);

const common = {
  timezone: z.string().meta({ description: "The host's IANA time zone; every slot is in it", examples: ["America/New_York"] }),
  slotMinutes: z.int(),
  bookingUrl: z.url().meta({ description: "Where a slot is requested; bookings are confirmed by hand" }),
  slots: z.array(SlotSchema),
};

export const AvailabilitySchema = named(
  "Availability",
  z.object({
    ...common,
    from: z.string().meta({ description: "Earliest start offered (ISO 8601): now plus the minimum notice" }),
    to: z.string().meta({ description: "Latest end offered (ISO 8601)" }),
    calendarCheckedAt: z.string().meta({ description: "When the calendar feed was last read (ISO 8601)" }),
    slots: common.slots.meta({ description: "Free slots within office hours, earliest first" }),
  }),
  "Bookable coffee slots, computed from the host's calendar feed. Fails closed: empty (503) whenever the calendar cannot be trusted.",
);

export const AvailabilityErrorSchema = named(
  "AvailabilityError",
  ErrorSchema.and(
    z.object({
      ...common,
      slots: z.array(SlotSchema).max(0),
      reason: z.enum(["unconfigured", "unreachable", "malformed", "stale"]).optional(),
    }),
  ),
  "An error of /coffee/availability.json: the Error fields in the Availability shape, with no slots.",
);

import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { busyIntervals, CalendarProblem, parseCalendar } from "./calendar";
import { freeSlots, type OfficeHours } from "./slots";
import { slotRequestUrl } from "./endpoint";

const HOST = readFileSync(path.resolve(import.meta.dirname, "../../tests/fixtures/coffee/host.ics"), "utf8");
const TZ = "America/New_York";
const office: OfficeHours = {
  weekdays: [2, 3, 4],
  hours: { start: "09:30", end: "12:00" },
  slotMinutes: 30,
  horizonDays: 21,
  minNoticeHours: 18,
};
const NOW = new Date("2026-10-26T12:00:00Z"); // a Monday, six days before the end of daylight saving time

const originalTz = process.env.TZ;
afterAll(() => {
  process.env.TZ = originalTz;
});

function slots(ics: string, hours: OfficeHours = office, now = NOW) {
  const events = parseCalendar(ics);
  const to = new Date(now.getTime() + (hours.horizonDays + 1) * 86_400_000);
  return freeSlots(busyIntervals(events, now, to, TZ), now, TZ, hours);
}
const at = (list: { date: string; time: string }[], date: string) => list.filter((s) => s.date === date).map((s) => s.time);

// The server's own zone must not matter: node-ical reads floating and all-day times in it.
describe.each(["UTC", "America/New_York", "Asia/Kolkata"])("with the server in %s", (serverTz) => {
  it("blocks a weekly event on both sides of the DST change, skips its EXDATE and follows the moved instance", () => {
    process.env.TZ = serverTz;
    const afternoon = { ...office, hours: { start: "09:30", end: "16:00" } };
    const s = slots(HOST, afternoon);
    expect(at(s, "2026-10-27")).not.toContain("10:00");
    expect(at(s, "2026-10-27")).not.toContain("10:30");
    expect(at(s, "2026-10-27")).toContain("11:00");
    expect(at(s, "2026-11-03")).toContain("10:00"); // EXDATE
    expect(at(s, "2026-11-10")).toContain("10:00"); // moved away …
    expect(at(s, "2026-11-10")).not.toContain("15:00"); // … to here
    expect(at(s, "2026-11-10")).not.toContain("15:30");
    expect(at(s, "2026-11-17")).not.toContain("10:00"); // the fourth occurrence, in EST
    // Wall-clock slots, with the right offset either side of 1 November.
    expect(s.find((x) => x.date === "2026-10-27")!.start).toBe("2026-10-27T09:30:00-04:00");
    expect(s.find((x) => x.date === "2026-11-04")!.start).toBe("2026-11-04T09:30:00-05:00");
  });

  it("blocks a whole day for an all-day event, and a floating time at the host's wall clock", () => {
    process.env.TZ = serverTz;
    const s = slots(HOST, { ...office, hours: { start: "09:30", end: "16:00" } });
    expect(at(s, "2026-10-28")).toEqual([]);
    expect(at(s, "2026-10-29")).not.toContain("13:00");
    expect(at(s, "2026-10-29")).not.toContain("13:30");
    expect(at(s, "2026-10-29")).toContain("14:00");
    expect(at(s, "2026-10-29")).toContain("12:30");
  });

  it("reads UTC times as instants, and does not block transparent or cancelled events", () => {
    process.env.TZ = serverTz;
    const s = slots(HOST);
    expect(at(s, "2026-11-04")).toEqual(["09:30", "11:00", "11:30"]);
    expect(at(s, "2026-11-05")).toEqual(["09:30", "10:00", "10:30", "11:00", "11:30"]);
  });
});

describe("the window", () => {
  it("offers only office days, from the minimum notice to the horizon", () => {
    process.env.TZ = "UTC";
    const s = slots("BEGIN:VCALENDAR\nVERSION:2.0\nEND:VCALENDAR\n", { ...office, horizonDays: 7 }, new Date("2026-10-27T13:00:00Z"));
    // 18 h notice from Tue 09:00 EDT is Wed 03:00: Tuesday is gone, next Tuesday is in.
    expect([...new Set(s.map((x) => x.date))]).toEqual(["2026-10-28", "2026-10-29", "2026-11-03"]);
    expect(at(s, "2026-10-28")).toEqual(["09:30", "10:00", "10:30", "11:00", "11:30"]);
  });
});

describe("a calendar that cannot be trusted", () => {
  it.each([
    ["an HTML error page", "<!doctype html><title>Sign in</title>"],
    ["an empty body", ""],
    ["JSON", '{"events": []}'],
  ])("refuses %s as malformed", (_name, body) => {
    expect(() => parseCalendar(body)).toThrow(CalendarProblem);
  });

  it("refuses an event whose recurrence cannot be expanded", () => {
    const bad =
      "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:x\nDTSTART:20261027T100000Z\nDTEND:20261027T110000Z\nRRULE:FREQ=SOMETIMES\nEND:VEVENT\nEND:VCALENDAR\n";
    expect(() => slots(bad)).toThrow(CalendarProblem);
    // The library's own words stay in the log, never in what a visitor reads.
    expect(() => slots(bad)).toThrow(/^(An event of )?[Tt]he calendar feed could not be (expanded|parsed)\.$/);
  });

  it("counts an every-minute event since 2020 as busy for its whole span, at once, instead of giving up", () => {
    process.env.TZ = "UTC";
    const minutely = (until = "") =>
      `BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:tick\nDTSTART:20200101T000000Z\nDTEND:20200101T000030Z\nRRULE:FREQ=MINUTELY${until}\nEND:VEVENT\nEND:VCALENDAR\n`;
    expect(slots(minutely())).toEqual([]);
    // It ends on 2026-11-04 at midnight UTC: the days after are free again.
    const ending = slots(minutely(";UNTIL=20261104T000000Z"));
    expect(ending.length).toBeGreaterThan(0);
    expect(ending.every((x) => x.date >= "2026-11-04")).toBe(true);
    // Every five minutes, twelve times: an hour of the first office morning, the rest free.
    const hour = slots(
      "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:burst\nDTSTART:20261028T133000Z\nDTEND:20261028T133100Z\nRRULE:FREQ=MINUTELY;INTERVAL=5;COUNT=12\nEND:VEVENT\nEND:VCALENDAR\n",
    );
    expect(at(hour, "2026-10-28")).toEqual(["10:30", "11:00", "11:30"]);
    expect(at(hour, "2026-10-29")).toEqual(["09:30", "10:00", "10:30", "11:00", "11:30"]);
  });
});

describe("a slot's request link", () => {
  it("carries the slot to a booking page, or names it in a mail's subject when the booking address is a mail", () => {
    expect(slotRequestUrl("https://cal.example/book", "2026-12-01T15:00:00Z")).toBe(
      "https://cal.example/book?slot=2026-12-01T15%3A00%3A00Z",
    );
    expect(slotRequestUrl("https://cal.example/book?who=me", "2026-12-01T15:00:00Z")).toBe(
      "https://cal.example/book?who=me&slot=2026-12-01T15%3A00%3A00Z",
    );
    expect(slotRequestUrl("mailto:hello@example.com", "2026-12-01T15:00:00Z")).toBe(
      "mailto:hello@example.com?subject=Coffee%20at%202026-12-01T15%3A00%3A00Z",
    );
    // The owner's own subject stays; the slot goes in the body. A booking page's fragment stays last.
    expect(slotRequestUrl("mailto:hello@example.com?subject=Coffee", "2026-12-01T15:00:00Z")).toBe(
      "mailto:hello@example.com?subject=Coffee&body=Coffee%20at%202026-12-01T15%3A00%3A00Z",
    );
    expect(slotRequestUrl("/contact", "2026-12-01T15:00:00Z")).toBe("/contact?slot=2026-12-01T15%3A00%3A00Z");
    expect(slotRequestUrl("https://cal.example/book#times", "2026-12-01T15:00:00Z")).toBe(
      "https://cal.example/book?slot=2026-12-01T15%3A00%3A00Z#times",
    );
  });
});

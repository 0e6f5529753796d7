import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TZDate } from "@date-fns/tz";
import { Contract, call } from "./helpers/openapi";
import { startServer, type RunningServer } from "./helpers/server";
import { icsWithMeeting, startCalendarFeed, type CalendarFeed } from "./helpers/calendar-feed";

/** /coffee/availability.json and /coffee over real HTTP, the calendar a loopback feed. */
type Availability = {
  timezone: string;
  bookingUrl: string;
  slots: { start: string; end: string; date: string; time: string }[];
  reason?: string;
};

/** The first Tuesday-Thursday at least three days ahead, as a New York date. */
function meetingDay(): string {
  for (let d = 3; ; d++) {
    const day = new TZDate(Date.now() + d * 86_400_000, "America/New_York");
    if ([2, 3, 4].includes(day.getDay()))
      return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
  }
}

let feed: CalendarFeed;
const day = meetingDay();
beforeAll(async () => {
  feed = await startCalendarFeed(() => icsWithMeeting(day));
});
afterAll(() => feed?.close());

describe("with a calendar feed", () => {
  let app: RunningServer;
  let contract: Contract;
  beforeAll(async () => {
    app = await startServer({ COFFEE_ICS_URL: feed.url, COFFEE_BOOKING_URL: "https://cal.example/avery" });
    contract = await Contract.load(app.base);
  });
  afterAll(() => app?.stop());

  it("offers the free office-hours slots, in New York time, and never the busy ones", async () => {
    const r = await call(contract, app.base, "/coffee/availability.json");
    expect(r.status).toBe(200);
    const a = r.body as Availability;
    expect(a).toMatchObject({ timezone: "America/New_York", bookingUrl: "https://cal.example/avery" });
    expect(a.slots.length).toBeGreaterThan(10);
    for (const s of a.slots) {
      expect(s.start).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00-0[45]:00$/);
      expect(s.time >= "09:30" && s.time < "16:00").toBe(true);
      expect(Date.parse(s.end) - Date.parse(s.start)).toBe(30 * 60_000);
    }
    const times = a.slots.filter((s) => s.date === day).map((s) => s.time);
    expect(times).toContain("09:30");
    expect(times).not.toContain("10:00");
    expect(times).not.toContain("10:30");
    expect(times).toContain("11:00");
  });

  it("shows the same slots on the page, each linking to the booking address", async () => {
    const html = await (await fetch(`${app.base}/coffee`)).text();
    expect(html).toContain(`id="day-${day}"`);
    expect(html).toContain("https://cal.example/avery?slot=");
  });
});

describe("failing closed", () => {
  it("503 not_configured, slots: [], Retry-After: 60 with no calendar configured", async () => {
    const app = await startServer({});
    try {
      const contract = await Contract.load(app.base);
      const r = await call(contract, app.base, "/coffee/availability.json");
      expect(r.status).toBe(503);
      expect(r.headers.get("retry-after")).toBe("60");
      expect(r.body).toMatchObject({ ok: false, code: "not_configured", slots: [], reason: "unconfigured", timezone: "America/New_York" });
      // The site's own contact page, at the address the reader used (not the server's idea of localhost).
      expect((r.body as Availability).bookingUrl).toBe(`${app.base}/contact`);
      // Coffee is off without a calendar (site.config.ts features.coffee "auto"): no page, no twin (tests/features-http.test.ts).
      expect((await fetch(`${app.base}/coffee`)).status).toBe(404);
      expect((await fetch(`${app.base}/coffee.md`)).status).toBe(404);
    } finally {
      await app.stop();
    }
  });

  it.each([
    ["error", "unreachable"],
    ["garbage", "malformed"],
  ] as const)("503 upstream_failed when the feed answers %s", async (mode, reason) => {
    feed.mode = mode;
    const app = await startServer({ COFFEE_ICS_URL: feed.url });
    try {
      const contract = await Contract.load(app.base);
      const r = await call(contract, app.base, "/coffee/availability.json");
      expect(r.status).toBe(503);
      expect(r.headers.get("retry-after")).toBe("60");
      expect(r.body).toMatchObject({ ok: false, code: "upstream_failed", status: 503, slots: [], reason });
    } finally {
      feed.mode = "ok";
      await app.stop();
    }
  });
});

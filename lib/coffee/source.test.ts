import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCalendarFeed, icsWithMeeting, type CalendarFeed } from "@/tests/helpers/calendar-feed";
import { calendarEvents, MAX_AGE_MS, REFETCH_MS } from "./source";
import { CalendarProblem } from "./calendar";

let feed: CalendarFeed;
beforeAll(async () => {
  feed = await startCalendarFeed(() => icsWithMeeting("2026-11-25"));
  // env() reads process.env once, on first use: this file's module registry has not used it yet.
  process.env.COFFEE_ICS_URL = feed.url;
});
afterAll(() => feed.close());

const problem = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (e instanceof CalendarProblem) return e.reason;
    throw e;
  }
  return "ok";
};

describe("reading the feed (fake clock)", () => {
  it("reads once, serves the copy for five minutes, keeps it through a failure, and fails closed after 30", async () => {
    const t0 = Date.UTC(2026, 10, 24, 12);
    expect((await calendarEvents(t0)).events).toHaveLength(1);
    expect(feed.hits).toBe(1);
    await calendarEvents(t0 + REFETCH_MS - 1);
    expect(feed.hits).toBe(1);
    feed.mode = "error";
    // The refetch fails; the copy is 6 minutes old: still used.
    expect(await problem(calendarEvents(t0 + REFETCH_MS + 60_000))).toBe("ok");
    expect(feed.hits).toBe(2);
    // Past the limit, nothing is offered from it.
    expect(await problem(calendarEvents(t0 + MAX_AGE_MS + 1))).toBe("stale");
    feed.mode = "ok";
    expect(await problem(calendarEvents(t0 + MAX_AGE_MS + 2))).toBe("ok");
  });

  it("fails closed on garbage with no earlier copy to fall back on", async () => {
    const far = Date.UTC(2027, 0, 1);
    feed.mode = "garbage";
    try {
      // The old copy is hours old by now: the garbage refetch leaves nothing usable.
      expect(await problem(calendarEvents(far))).toBe("stale");
    } finally {
      feed.mode = "ok";
    }
  });

  it("gives up on a feed that does not answer within five seconds", async () => {
    feed.mode = "hang";
    try {
      const t = performance.now();
      expect(await problem(calendarEvents(Date.UTC(2028, 0, 1)))).toBe("stale");
      expect(performance.now() - t).toBeLessThan(7_000);
    } finally {
      feed.mode = "ok";
    }
  }, 10_000);
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCalendarFeed, icsWithMeeting, type CalendarFeed } from "@/tests/helpers/calendar-feed";
import { calendarEvents, MAX_AGE_MS, REFETCH_MS, RETRY_MS } from "./source";
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

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
};

describe("reading the feed (fake clock)", () => {
  it("reads once, serves the copy for five minutes, keeps it through a failure, and fails closed after 30", async () => {
    const t0 = Date.UTC(2026, 10, 24, 12);
    expect((await calendarEvents(t0)).events).toHaveLength(1);
    expect(feed.hits).toBe(1);
    await calendarEvents(t0 + REFETCH_MS - 1);
    expect(feed.hits).toBe(1);
    feed.mode = "error";
    // The refetch fails behind the visitor; the copy is 6 minutes old: still used.
    expect(await problem(calendarEvents(t0 + REFETCH_MS + 60_000))).toBe("ok");
    await until(() => feed.hits === 2);
    // Past the limit, nothing is offered from it.
    expect(await problem(calendarEvents(t0 + MAX_AGE_MS + 1))).toBe("stale");
    feed.mode = "ok";
    // A failed feed is asked again only after RETRY_MS.
    expect(await problem(calendarEvents(t0 + MAX_AGE_MS + 2))).toBe("stale");
    expect(await problem(calendarEvents(t0 + MAX_AGE_MS + 1 + RETRY_MS))).toBe("ok");
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

  it("a hanging feed gives up within five seconds, then costs no request anything more for the retry period", async () => {
    feed.mode = "hang";
    const t = Date.UTC(2030, 0, 1);
    try {
      const hits = feed.hits;
      const first = performance.now();
      expect(await problem(calendarEvents(t))).toBe("stale");
      expect(performance.now() - first).toBeLessThan(7_000);
      const started = performance.now();
      for (let i = 1; i <= 5; i++) expect(await problem(calendarEvents(t + i * 1000))).toBe("stale");
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(feed.hits - hits).toBe(1);
    } finally {
      feed.mode = "ok";
    }
  }, 10_000);

  // Last: the hanging read it starts ends on its own deadline after the test.
  it("serves the last good copy at once while a refetch hangs", async () => {
    const t = Date.UTC(2031, 0, 1);
    expect(await problem(calendarEvents(t))).toBe("ok");
    feed.mode = "hang";
    try {
      const started = performance.now();
      expect(await problem(calendarEvents(t + REFETCH_MS + 1))).toBe("ok");
      expect(performance.now() - started).toBeLessThan(1_000);
    } finally {
      feed.mode = "ok";
    }
  });
});

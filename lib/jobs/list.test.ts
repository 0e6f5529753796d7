import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { JOBS } from "./list";
import { nextRun, previousRun } from "./schedule";

describe("the job list", () => {
  it("is what vercel.json schedules, path for path and schedule for schedule", () => {
    const vercel = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../vercel.json"), "utf8")) as {
      crons: { path: string; schedule: string }[];
    };
    expect(vercel.crons).toEqual(JOBS.map((j) => ({ path: `/api/cron/${j.name}`, schedule: j.platformSchedule ?? j.schedule })));
    // Vercel's Hobby plan refuses a deployment whose crons run more than once a day: a fixed
    // minute and hour, on every day or on some days of the week.
    for (const c of vercel.crons) expect(c.schedule, c.path).toMatch(/^\d+ \d+ \* \* (\*|[0-6](,[0-6])*)$/);
  });

  it("has valid schedules and leases long enough to matter", () => {
    for (const j of JOBS) {
      const from = new Date("2026-11-24T12:00:00Z");
      expect(nextRun(j.schedule, from)!.getTime()).toBeGreaterThan(from.getTime());
      expect(previousRun(j.schedule, from)!.getTime()).toBeLessThan(from.getTime());
      expect(j.leaseSeconds).toBeGreaterThanOrEqual(30);
    }
  });

  it("runs the around crawl daily at 06:00 UTC", () => {
    expect(nextRun("0 6 * * *", new Date("2026-11-24T12:00:00Z"))!.toISOString()).toBe("2026-11-25T06:00:00.000Z");
    expect(previousRun("0 6 * * *", new Date("2026-11-24T12:00:00Z"))!.toISOString()).toBe("2026-11-24T06:00:00.000Z");
  });

  it("is off unless the owner turns it on", () => {
    expect(parseEnv({}).JOBS_ENABLED).toBe("0");
    expect(parseEnv({ JOBS_ENABLED: "1" }).JOBS_ENABLED).toBe("1");
    expect(() => parseEnv({ JOBS_ENABLED: "yes" })).toThrow(/JOBS_ENABLED/);
  });
});

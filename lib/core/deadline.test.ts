import { describe, expect, it } from "vitest";
import { withDeadline } from "./deadline";

const timers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;

describe("withDeadline", () => {
  it("holds one timer while the work runs and none once it is done", async () => {
    const before = timers();
    let during = 0;
    for (let i = 0; i < 50; i++)
      await withDeadline(30_000, async () => {
        during = timers();
      });
    expect(during).toBe(before + 1);
    expect(timers()).toBe(before);
  });

  it("aborts the work with a TimeoutError when the deadline passes", async () => {
    const reason = await withDeadline(
      20,
      (signal) => new Promise((resolve) => signal.addEventListener("abort", () => resolve(signal.reason as DOMException))),
    );
    expect((reason as DOMException).name).toBe("TimeoutError");
  });

  it("aborts when the caller's own signal does, and clears its timer when the work throws", async () => {
    const outer = new AbortController();
    const before = timers();
    const run = withDeadline(
      30_000,
      (signal) => new Promise((_, reject) => signal.addEventListener("abort", () => reject(new Error("stopped")))),
      outer.signal,
    );
    outer.abort();
    await expect(run).rejects.toThrow("stopped");
    expect(timers()).toBe(before);
  });
});

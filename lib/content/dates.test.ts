import { describe, expect, it } from "vitest";
import { readableDate, readableMonth } from "./dates";

describe("readable dates", () => {
  it("writes a day as '16 March 2024' and a month as 'March 2021', in UTC", () => {
    expect(readableDate("2024-03-16")).toBe("16 March 2024");
    expect(readableDate("2024-01-01T00:30:00Z")).toBe("1 January 2024");
    expect(readableDate("nope")).toBeUndefined();
    expect(readableMonth("2021-03")).toBe("March 2021");
    expect(readableMonth("2021")).toBe("2021");
  });
});

import { describe, expect, it } from "vitest";
import { budgetText, policies } from "./policies";

describe("budgetText", () => {
  it("says a policy's allowance as the pages tell a visitor, from the policy itself", () => {
    expect(budgetText(policies.inspect)).toBe(`${policies.inspect.limit} a minute`);
    expect(budgetText({ ...policies.compare, limit: 5, windowSeconds: 3600 })).toBe("5 every 3600 seconds");
  });
});

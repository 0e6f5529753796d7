import { describe, expect, it } from "vitest";
import { frontMatterSchema } from "./schema";

describe("front matter dates", () => {
  it("say one thing per mistake: a date written another way is not also called unreal", () => {
    const issues = (date: string) =>
      frontMatterSchema
        .safeParse({ title: "A title", description: "A description long enough to pass the forty-character rule.", date })
        .error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(issues("Nov 10 2026")).toEqual(["date: must be a date written YYYY-MM-DD"]);
    expect(issues("2026-02-30")).toEqual(["date: is not a real date"]);
    expect(issues("2026-02-28")).toBeUndefined();
  });
});

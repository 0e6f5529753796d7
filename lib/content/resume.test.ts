import { describe, expect, it } from "vitest";
import { resumeDateRange, resumeMarkdown, resumeProblems, resumeSections, type Resume } from "./resume";

const base: Resume = { basics: { name: "Ada Example", label: "Engineer" } };

describe("resumeSections", () => {
  it("gives an entry without dates no range (it would read 'present')", () => {
    const r: Resume = {
      ...base,
      education: [{ institution: "Night school", area: "Welding" }],
      work: [{ name: "Shop", position: "Hand" }],
    };
    const entries = resumeSections(r).flatMap((s) => s.entries);
    expect(entries.map((e) => e.title).sort()).toEqual(["Hand, Shop", "Welding, Night school"]);
    for (const e of entries) expect(e.dates, e.title).toBeUndefined();
    expect(resumeMarkdown(r)).not.toContain("present");
  });

  it("writes ranges as a reader does, an open one as 'present'", () => {
    expect(resumeDateRange({ start: "2021-03" })).toBe("March 2021 – present");
    expect(resumeDateRange({ start: "2014-03", end: "2019-04" })).toBe("March 2014 – April 2019");
    expect(resumeDateRange({ start: "2007", end: "2011-05-31" })).toBe("2007 – May 2011");
  });

  it("leaves out sections with no entries, in reading order otherwise", () => {
    const r: Resume = { ...base, languages: [{ language: "French", fluency: "Conversational" }], skills: [{ name: "Go" }] };
    expect(resumeSections(r).map((s) => s.heading)).toEqual(["Skills", "Languages"]);
  });
});

describe("resumeProblems", () => {
  it("takes a valid resume", () => {
    expect(resumeProblems({ ...base, work: [{ name: "Shop", startDate: "2020-02" }] }, "resume.json")).toEqual([]);
  });

  it("refuses what JSON Resume's schema lets through: no name, a date that does not exist", () => {
    expect(resumeProblems({ basics: {}, work: [{ name: "Shop", startDate: "2020-13", endDate: "2021-02-30" }] }, "r.json")).toEqual([
      "r.json: basics.name: is required",
      "r.json: work.0.startDate: is not a real date",
      "r.json: work.0.endDate: is not a real date",
    ]);
  });
});

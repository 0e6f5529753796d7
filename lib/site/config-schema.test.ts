import { describe, expect, it } from "vitest";
import { siteConfig } from "@/site.config";
import { demoLeftovers, siteConfigProblems } from "./config-schema";

/** The shipped config with one change, as an owner's edit would make it (any shape: that is the point). */
const edited = (change: (c: Record<string, unknown>) => void) => {
  const copy = structuredClone(siteConfig) as unknown as Record<string, unknown>;
  change(copy);
  return copy;
};

describe("site.config.ts is checked with `site.config.ts: field: reason` lines", () => {
  it("the shipped config has no problems", () => {
    expect(siteConfigProblems(siteConfig)).toEqual([]);
  });

  it.each<[string, (c: Record<string, unknown>) => void, string[]]>([
    [
      "a menu link whose href is a number",
      (c) => ((c.nav as { href: unknown }[])[5].href = 42),
      ["site.config.ts: nav[5].href: must be a string, not a number"],
    ],
    [
      "a footer link that is neither a site path nor an address",
      (c) => ((c.footer as { href: unknown }[])[0].href = "now"),
      ["site.config.ts: footer[0].href: must be a site path (/about) or an http(s) address"],
    ],
    [
      "an intro for a collection there is none of (a collection's own is in its declaration)",
      (c) => ((c.intros as Record<string, unknown>).garages = "Notes from the garage."),
      ["site.config.ts: intros.garages: unknown field (misspelt, or not a setting of this site)"],
    ],
    ["an empty intro", (c) => ((c.intros as Record<string, unknown>).garage = " "), ["site.config.ts: intros.garage: must not be empty"]],
    [
      "an empty around description",
      (c) => ((c.around as Record<string, unknown>).watches = "  "),
      ["site.config.ts: around.watches: must not be empty"],
    ],
    [
      "a search example longer than /search.json takes",
      (c) => ((c.examples as { searches: string[] }).searches = ["x".repeat(161)]),
      ["site.config.ts: examples.searches[0]: must be at most 160 characters (the endpoint refuses longer)"],
    ],
    [
      "no example questions",
      (c) => ((c.examples as { questions: string[] }).questions = []),
      ["site.config.ts: examples.questions: needs at least one question"],
    ],
    [
      "a list written as one string",
      (c) => (c.links = "https://github.com/example"),
      ["site.config.ts: links: must be a list, e.g. [one, two]"],
    ],
    ["a misspelt key", (c) => (c.fotoer = []), ["site.config.ts: fotoer: unknown field (misspelt, or not a setting of this site)"]],
    [
      "a time zone that does not exist",
      (c) => (c.timezone = "Mars/Olympus"),
      ["site.config.ts: timezone: must be an IANA time zone such as Europe/Paris"],
    ],
    [
      "coffee hours that end before they start",
      (c) => ((c.coffee as { hours: object }).hours = { start: "16:00", end: "09:30" }),
      ["site.config.ts: coffee.hours.end: must be after hours.start"],
    ],
    [
      "a time written without its leading zero (one problem: not also 'end must be after start')",
      (c) => ((c.coffee as { hours: object }).hours = { start: "9:30", end: "16:00" }),
      ["site.config.ts: coffee.hours.start: must be a time written HH:MM (24-hour)"],
    ],
    [
      "a Content-Signal that is not yes or no",
      (c) => ((c.contentSignal as Record<string, string>)["ai-train"] = "maybe"),
      ['site.config.ts: contentSignal.ai-train: Invalid option: expected one of "yes"|"no"'],
    ],
    [
      "a feature set to neither auto, true nor false, and one misspelt",
      (c) => (c.features = { coffee: "on", cofee: true }),
      [
        'site.config.ts: features.coffee: must be "auto", true or false',
        "site.config.ts: features.cofee: unknown field (misspelt, or not a setting of this site)",
      ],
    ],
  ])("%s", (_, change, problems) => {
    expect(siteConfigProblems(edited(change))).toEqual(problems);
  });

  it("names every mistake at once", () => {
    const bad = edited((c) => {
      (c.nav as { href: unknown }[])[0].href = 1;
      c.name = "";
    });
    expect(siteConfigProblems(bad)).toEqual([
      "site.config.ts: name: must not be empty",
      "site.config.ts: nav[0].href: must be a string, not a number",
    ]);
  });
});

describe("demoLeftovers", () => {
  it("names each value that still speaks of the demo owner once the name is changed", () => {
    expect(demoLeftovers(siteConfig)).toEqual([]);
    const mine = { ...siteConfig, demo: false, name: "Sam Rivera", author: { ...siteConfig.author, name: "Sam Rivera" } };
    expect(demoLeftovers(mine)).toEqual([
      "site.config.ts: title: still names Avery Quill, the demo owner: write your own",
      "site.config.ts: description: still names Avery Quill, the demo owner: write your own",
    ]);
    const done = { ...mine, title: "Sam Rivera — notes", description: "Sam's notes and a public API." };
    expect(demoLeftovers(done)).toEqual([]);
    expect(demoLeftovers({ ...done, description: "The site of a fictional demo owner." })).toEqual([
      "site.config.ts: description: still calls the site a fictional demo: write your own",
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { aboutParts } from "./about-links";

const sentence = (served: string[]) =>
  aboutParts((p) => served.includes(p))
    .map((p) => `${p.before}[${p.text}](${p.href})`)
    .join("");

describe("the home page's about sentence", () => {
  it("links the pages this build has, joined as a list", () => {
    expect(sentence(["/about", "/now", "/contact"])).toBe(
      "More [about me](/about), what I’m doing [now](/now), or [get in touch](/contact)",
    );
    expect(sentence(["/about", "/contact"])).toBe("More [about me](/about) or [get in touch](/contact)");
    expect(sentence(["/now", "/contact"])).toBe("What I’m doing [now](/now) or [get in touch](/contact)");
    expect(sentence(["/contact"])).toBe("[Get in touch](/contact)");
    expect(sentence([])).toBe("");
  });
});

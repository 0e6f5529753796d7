import { describe, expect, it } from "vitest";
import { smarten } from "./typography";

describe("smarten", () => {
  it("curls quotes and apostrophes by what precedes them", () => {
    expect(smarten(`"Don't," she said, 'quite so.'`)).toBe("“Don’t,” she said, ‘quite so.’");
    expect(smarten(`(the "fast" path)`)).toBe("(the “fast” path)");
    expect(smarten(`the '90s and rock 'n' roll`)).toBe("the ’90s and rock ‘n’ roll");
  });

  it("continues a quote across the text before it (a closing quote after <em>)", () => {
    expect(smarten(`" and on`, "d")).toBe("” and on");
    expect(smarten(`"x`, " ")).toBe("“x");
  });

  it("writes dashes, minus signs and the ellipsis, and leaves hyphens and ranges alone", () => {
    expect(smarten("wait---no -- not -2 dB, but 2-3 well-known... (-40 °C)")).toBe("wait—no – not −2 dB, but 2-3 well-known… (−40 °C)");
    expect(smarten("a --flag-like word")).toBe("a --flag-like word");
  });

  it("changes nothing that has no straight punctuation", () => {
    const s = "Curly “already” and it’s fine — 2–3 −4.";
    expect(smarten(s)).toBe(s);
  });
});

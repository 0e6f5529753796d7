import { describe, expect, it } from "vitest";
import { idProbabilities } from "./remote-ranker";
import type { Catalog } from "./catalog";

const catalog = { ids: ["001", "002", "010", "011", "012"], width: 3, byId: new Map(), text: "" } as unknown as Catalog;
const lp = (p: number) => Math.log(p);

describe("idProbabilities", () => {
  it("reads whole-id tokens directly and shares the unassigned rest by lexical score", () => {
    const probs = idProbabilities(
      [
        {
          token: "011",
          logprob: lp(0.6),
          top_logprobs: [
            { token: "011", logprob: lp(0.6) },
            { token: "002", logprob: lp(0.3) },
            { token: "Sure", logprob: lp(0.05) },
          ],
        },
      ],
      catalog,
      new Map([["012", 10]]),
    );
    expect(probs.get("011")!).toBeCloseTo(0.6, 2);
    expect(probs.get("002")!).toBeCloseTo(0.3, 2);
    // 10% left (non-id and unobserved mass) goes almost all to the lexical favourite.
    expect(probs.get("012")!).toBeGreaterThan(0.09);
    expect([...probs.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
  });

  it("walks digit-split ids, multiplying along the path and spreading side branches over their ids", () => {
    const probs = idProbabilities(
      [
        { token: "0", logprob: lp(1), top_logprobs: [{ token: "0", logprob: lp(1) }] },
        {
          token: "1",
          logprob: lp(0.8),
          top_logprobs: [
            { token: "1", logprob: lp(0.8) },
            { token: "0", logprob: lp(0.2) },
          ],
        },
        {
          token: "1",
          logprob: lp(0.5),
          top_logprobs: [
            { token: "1", logprob: lp(0.5) },
            { token: "2", logprob: lp(0.5) },
          ],
        },
      ],
      catalog,
      new Map([
        ["001", 5],
        ["002", 1],
      ]),
    );
    expect(probs.get("011")!).toBeCloseTo(0.4, 2);
    expect(probs.get("012")!).toBeCloseTo(0.4, 2);
    // the "00" branch (0.2) goes to 001 and 002 by lexical score, 5:1
    expect(probs.get("001")! / probs.get("002")!).toBeCloseTo(5, 1);
  });

  it("gives nothing when the answer names no page (000 or prose)", () => {
    expect(
      idProbabilities([{ token: "000", logprob: lp(0.9), top_logprobs: [{ token: "000", logprob: lp(0.9) }] }], catalog, new Map()).size,
    ).toBe(0);
    expect(
      idProbabilities([{ token: "Hello", logprob: lp(0.9), top_logprobs: [{ token: "Hello", logprob: lp(0.9) }] }], catalog, new Map())
        .size,
    ).toBe(0);
  });
});

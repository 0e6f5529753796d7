import { describe, expect, it } from "vitest";
import { idProbabilities } from "./remote-ranker";
import type { Catalog } from "./catalog";

const catalog = { ids: ["001", "002", "010", "011", "012"], width: 3, byId: new Map(), text: "" } as unknown as Catalog;
const lp = (p: number) => Math.log(p);

describe("idProbabilities", () => {
  it("reads whole-id tokens directly and shares the unassigned rest by lexical score", () => {
    const { pages: probs, none } = idProbabilities(
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
    expect(none).toBe(0);
  });

  it("walks digit-split ids, multiplying along the path and spreading side branches over their ids", () => {
    const { pages: probs } = idProbabilities(
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

  it("gives no page when the answer names none, and reports a 000 answer as the model's 'no page fits'", () => {
    expect(
      idProbabilities([{ token: "000", logprob: lp(0.9), top_logprobs: [{ token: "000", logprob: lp(0.9) }] }], catalog, new Map()),
    ).toEqual({
      pages: new Map(),
      none: expect.closeTo(0.9, 6),
    });
    expect(
      idProbabilities([{ token: "Hello", logprob: lp(0.9), top_logprobs: [{ token: "Hello", logprob: lp(0.9) }] }], catalog, new Map()),
    ).toEqual({ pages: new Map(), none: 0 });
  });

  it("counts 000 whether chosen or an alternative, whole or split into digits, and still ranks the pages named beside it", () => {
    /** A one-token answer: the chosen token first, then the alternatives, each with its probability. */
    const answer = (...options: [string, number][]) => [
      { token: options[0][0], logprob: lp(options[0][1]), top_logprobs: options.map(([token, p]) => ({ token, logprob: lp(p) })) },
    ];
    const whole = idProbabilities(answer(["000", 0.7], ["011", 0.2]), catalog, new Map());
    expect(whole.none).toBeCloseTo(0.7, 6);
    // Given that some page fits: 011's 0.2 and its share (0.02) of the unsaid 0.1, out of 0.3.
    expect(whole.pages.get("011")!).toBeCloseTo(0.22 / 0.3, 6);
    const asAlternative = idProbabilities(answer(["011", 0.6], ["000", 0.3]), catalog, new Map());
    expect(asAlternative.none).toBeCloseTo(0.3, 6);
    const split = idProbabilities(
      ["0", "0", "0"].map((d, i) => ({
        token: d,
        logprob: lp(i === 2 ? 0.8 : 1),
        top_logprobs: [{ token: d, logprob: lp(i === 2 ? 0.8 : 1) }, ...(i === 2 ? [{ token: "1", logprob: lp(0.2) }] : [])],
      })),
      catalog,
      new Map(),
    );
    expect(split.none).toBeCloseTo(0.8, 6);
    expect(split.pages.get("001")!).toBeCloseTo(1, 6);
  });
});

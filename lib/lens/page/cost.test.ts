import { describe, expect, it } from "vitest";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { cleanedHtml, pageCost, tokenCount, tokenEstimate } from "./cost";

describe("token counting", () => {
  it("is exact for ordinary text", () => {
    const text = "Low tide leaves small worlds behind. Read the guide first, then count the anemones.\n".repeat(50);
    expect(tokenCount(text)).toBe(countTokens(text));
  });

  it("counts a hostile run of one character in slices instead of pinning a core", () => {
    // Unsliced, BPE on this one chunk is quadratic and takes minutes; the suite would time out.
    expect(tokenCount("\0".repeat(2 * 1024 * 1024))).toBeGreaterThan(500_000);
  });

  it("prices nothing when there is nothing to count", () => {
    expect(pageCost({ raw: "", text: "" }, null)).toBeNull();
  });

  it("cleans scripts, styles, comments and inline SVG out of the html tier", () => {
    expect(cleanedHtml("<p>a</p><script>x()</script><!-- c --><style>p{}</style><svg><path/></svg><p>b</p>")).toBe("<p>a</p><p>b</p>");
  });
});

describe("token estimates for long texts", () => {
  it("are within 5% of the exact count on a long page, and say they are estimates", async () => {
    const { pageOfSize } = await import("@/tests/helpers/lens-targets");
    const html = pageOfSize(200 * 1024);
    const exact = tokenCount(html);
    const { tokens, estimated } = tokenEstimate(html);
    expect(estimated).toBe(true);
    expect(Math.abs(tokens - exact) / exact).toBeLessThan(0.05);
  });

  it("are exact for short texts", () => {
    const text = "A short page about tide pools.";
    expect(tokenEstimate(text)).toEqual({ tokens: countTokens(text), estimated: false });
  });
});

describe("cleanedHtml on hostile markup", () => {
  it("drops an unclosed script or comment to the end, and keeps lookalike tags", () => {
    expect(cleanedHtml("<p>a</p><script>never closed <p>b</p>")).toBe("<p>a</p>");
    expect(cleanedHtml("<p>a</p><!-- never closed <p>b</p>")).toBe("<p>a</p>");
    expect(cleanedHtml("<scripts>x</scripts><svgx>y</svgx><SCRIPT type=x>z</SCRIPT >w")).toBe("<scripts>x</scripts><svgx>y</svgx>w");
  });

  it("stays linear on thousands of unclosed scripts (a lazy regex took seconds here)", () => {
    // With the old regex 256 KB of these took 2.2 s and 512 KB about 9 s; the suite's timeout would catch a regression.
    expect(cleanedHtml("<script>".repeat(64_000))).toBe("");
  });
});

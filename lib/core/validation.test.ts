import { describe, expect, it } from "vitest";
import { z } from "zod";
import { validationError } from "./validation";

const issues = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  if (r.success) throw new Error("expected a failure");
  return r.error.issues;
};

describe("validationError", () => {
  const schema = z.object({ q: z.string(), limit: z.int().optional(), tags: z.array(z.string()).optional() });

  it("says what a value of the wrong type should have been, in plain words", () => {
    const e = validationError(issues(schema, { q: 5 }), "query");
    expect(e.message).toBe("Invalid parameter: q must be a string, not a number.");
    expect(e.extras).toEqual({ parameter: "q" });
    expect(validationError(issues(schema, { q: "x", limit: "3" }), "body").message).toBe(
      "Invalid request body: limit must be a number, not a string.",
    );
    expect(validationError(issues(schema, { q: "x", tags: "a" }), "body").extras).toEqual({ field: "tags" });
    expect(validationError(issues(schema, { q: null }), "query").message).toBe("Invalid parameter: q must be a string, not null.");
    expect(validationError(issues(schema, { q: "x", limit: 1.5 }), "query").message).toBe(
      "Invalid parameter: limit must be an integer, not a number.",
    );
    // JSON's 1e400 parses to Infinity.
    expect(validationError(issues(z.object({ top_k: z.number() }), JSON.parse('{"top_k": 1e400}')), "body").message).toBe(
      "Invalid request body: top_k must be a number, not an infinite number.",
    );
  });

  it("keeps a schema's own message for a value of the wrong type", () => {
    const own = z.object({ url: z.string({ error: "url must be an absolute http(s) URL" }) });
    expect(validationError(issues(own, { url: 5 }), "query").message).toBe("Invalid parameter: url must be an absolute http(s) URL.");
  });

  it("says a missing value is required, and keeps zod's words for other problems", () => {
    expect(validationError(issues(schema, {}), "query").message).toBe("Invalid parameter: q is required.");
    expect(validationError(issues(z.object({ q: z.string().min(2) }), { q: "x" }), "query").message).toMatch(
      /^Invalid parameter: q: Too small/,
    );
  });
});

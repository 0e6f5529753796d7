import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/core/errors";
import { AskInputSchema, parsePrev, toAskRequest } from "./request";

const HOST = "example.org";
const parse = (raw: Record<string, unknown>) => AskInputSchema.safeParse(raw);
const request = (raw: Record<string, unknown>, dialect: "legacy" | "0.55" = "legacy") =>
  toAskRequest(AskInputSchema.parse(raw), HOST, dialect);

describe("the /ask input", () => {
  it("reads the legacy query string with defaults", () => {
    const r = request({ query: "hi" });
    expect(r).toMatchObject({ dialect: "legacy", query: "hi", prev: [], topK: 10, streaming: true });
    expect(r.queryId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("clamps top_k, reads limit when top_k is absent, and falls back to 10 on a non-number", () => {
    expect(request({ query: "a", top_k: "99" }).topK).toBe(50);
    expect(request({ query: "a", top_k: 0 }).topK).toBe(1);
    expect(request({ query: "a", limit: "3" }).topK).toBe(3);
    expect(request({ query: "a", top_k: "4", limit: "3" }).topK).toBe(4);
    expect(request({ query: "a", top_k: "many" }).topK).toBe(10);
  });

  it("refuses a missing, blank or over-long query, naming it", () => {
    for (const raw of [{}, { query: "  " }, { query: "x".repeat(501) }]) {
      const r = parse(raw);
      expect(r.success).toBe(false);
      expect(r.error!.issues[0].path).toEqual(["query"]);
    }
    expect(parse({ query: "x".repeat(500) }).success).toBe(true);
  });

  it("uses the latest 10 prev entries of a longer history, as an array or as text", () => {
    expect(request({ query: "a", prev: Array.from({ length: 15 }, (_, i) => `q${i}`) }).prev).toEqual(
      Array.from({ length: 10 }, (_, i) => `q${i + 5}`),
    );
    expect(request({ query: "a", prev: Array.from({ length: 15 }, (_, i) => `q${i}`).join(",") }).prev).toHaveLength(10);
    expect(parse({ query: "a", prev: ["x".repeat(501)] }).success).toBe(false);
  });

  it("reads generate_mode only when mode is absent", () => {
    expect(request({ query: "a", mode: "list", generate_mode: "foo" }).query).toBe("a");
    expect(() => request({ query: "a", generate_mode: "foo" })).toThrow(/generate_mode/);
  });

  it("answers summarize and generate (either spelling) with 501, an unknown mode or site with 400", () => {
    expect(() => request({ query: "a", generate_mode: "summarize" })).toThrow(ApiError);
    try {
      request({ query: "a", mode: "generate" });
    } catch (e) {
      expect((e as ApiError).status).toBe(501);
    }
    expect(parse({ query: "a", mode: "poem" }).success).toBe(false);
    expect(() => request({ query: "a", site: "elsewhere.example" })).toThrow(/not served here/);
    expect(request({ query: "a", site: "https://example.org/" }).query).toBe("a");
  });

  it("takes streaming as GET's words or a boolean", () => {
    expect(request({ query: "a", streaming: "OFF" }).streaming).toBe(false);
    expect(request({ query: "a", streaming: false }).streaming).toBe(false);
    expect(request({ query: "a", streaming: "yes" }).streaming).toBe(true);
  });
});

describe("parsePrev", () => {
  it("takes comma-separated text, a JSON array as text, or an array; at most 10", () => {
    expect(parsePrev("a, b,,c")).toEqual(["a", "b", "c"]);
    expect(parsePrev('["x, y", "z"]')).toEqual(["x, y", "z"]);
    expect(parsePrev(["p", " q "])).toEqual(["p", "q"]);
    expect(parsePrev(Array.from({ length: 15 }, (_, i) => `q${i}`).join(","))).toHaveLength(10);
    expect(parsePrev(undefined)).toEqual([]);
  });
});

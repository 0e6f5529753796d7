import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { parseAsk, parsePrev } from "./request";

const q = (s: string) => new URLSearchParams(s);
const HOST = "example.org";

describe("parseAsk", () => {
  it("reads the legacy query string with defaults", () => {
    const r = parseAsk(q("query=hi"), undefined, HOST);
    expect(r).toMatchObject({ dialect: "legacy", query: "hi", prev: [], topK: 10, streaming: true });
    expect(r.queryId).toMatch(/^[0-9a-f-]{36}$/);
  });
  it("lets body fields win over the query string", () => {
    const r = parseAsk(q("query=a&top_k=9&streaming=1&query_id=x"), { query: { text: "b" }, top_k: 2, prefer: { streaming: false }, query_id: "y", context: { prev: ["p1"] } }, HOST);
    expect(r).toMatchObject({ dialect: "0.55", query: "b", topK: 2, streaming: false, queryId: "y", prev: ["p1"] });
  });
  it("accepts generate_mode as the legacy spelling of mode", () => {
    expect(() => parseAsk(q("query=a&generate_mode=summarize"), undefined, HOST)).toThrow(ApiError);
  });
});

describe("parsePrev", () => {
  it("takes comma-separated text or a JSON array, at most 10", () => {
    expect(parsePrev("a, b,,c")).toEqual(["a", "b", "c"]);
    expect(parsePrev('["x, y", "z"]')).toEqual(["x, y", "z"]);
    expect(parsePrev(Array.from({ length: 15 }, (_, i) => `q${i}`).join(","))).toHaveLength(10);
    expect(parsePrev(null)).toEqual([]);
  });
});

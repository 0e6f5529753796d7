import { describe, expect, it } from "vitest";
import { buildOpenApi } from "./openapi";
import { endpoints } from "./endpoints";
import { EXAMPLE_MAX } from "@/lib/site/config-schema";
import { AskInputSchema } from "@/lib/ask/request";
import { search } from "@/lib/search/endpoint";
import { photoQuery } from "@/lib/photos/endpoints";

/**
 * The documented examples (many of them the owner's, from site.config.ts `examples`) are
 * requests the endpoints accept: /developers shows them as curl commands, MCP clients fill
 * tools with them, and the contract tests (tests/contract.test.ts, tests/mcp.test.ts) call
 * with them against the built app. This checks the same without building it.
 */
type Param = { name: string; in: string; schema?: { examples?: unknown[] } };
type Op = { parameters?: Param[]; requestBody?: { content: Record<string, { example?: unknown }> } };
const doc = buildOpenApi(endpoints(), "http://localhost:3000") as { paths: Record<string, Record<string, Op>> };

describe("every documented example is a valid request", () => {
  const withHttp = endpoints().filter((e) => e.http && e.input);
  it.each(withHttp.map((e) => [e.http!.path, e] as const))("%s", (path, e) => {
    const get = doc.paths[path]?.get;
    if (get) {
      // A query string: each parameter with an example, as the contract battery sends it.
      const query = Object.fromEntries(
        (get.parameters ?? []).flatMap((p) => (p.in === "query" && p.schema?.examples ? [[p.name, String(p.schema.examples[0])]] : [])),
      );
      const parsed = e.input!.safeParse(query);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    }
    if (e.http!.post) {
      const parsed = e.http!.post.body.safeParse(e.http!.post.example);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    }
  });

  it("any example site.config.ts accepts, the endpoint accepts too", () => {
    const longest = (n: number) => "w".repeat(n);
    expect(search.input!.safeParse({ q: longest(EXAMPLE_MAX.search) }).success).toBe(true);
    expect(AskInputSchema.safeParse({ query: longest(EXAMPLE_MAX.question) }).success).toBe(true);
    expect(photoQuery.input!.safeParse({ q: longest(EXAMPLE_MAX.photoCaption) }).success).toBe(true);
  });
});

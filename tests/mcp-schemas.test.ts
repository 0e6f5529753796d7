import { describe, expect, it } from "vitest";
import { endpoints } from "@/lib/surface/endpoints";
import { buildOpenApi } from "@/lib/surface/openapi";
import { allTools } from "@/lib/surface/endpoints";

/**
 * One source per shape: every tool's input and output schema is the same JSON as the
 * operation's in /openapi.json, once the document's $refs are followed.
 */
type Json = Record<string, unknown>;
const doc = buildOpenApi(endpoints(), "http://127.0.0.1") as Json;

function deref(node: unknown, seen: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((n) => deref(n, seen));
  if (!node || typeof node !== "object") return node;
  const ref = (node as Json).$ref;
  if (typeof ref === "string") {
    if (seen.includes(ref)) throw new Error(`cycle at ${ref}`);
    const target = ref
      .replace(/^#\//, "")
      .split("/")
      .reduce<unknown>((o, k) => (o as Json)[k], doc);
    const { $ref: _ref, ...rest } = node as Json;
    return { ...(deref(target, [...seen, ref]) as Json), ...rest };
  }
  return Object.fromEntries(Object.entries(node as Json).map(([k, v]) => [k, deref(v, seen)]));
}

const strip = (s: Json) => {
  const { $schema: _s, ...rest } = s;
  return rest;
};

const http = allTools().filter((t) => t.endpoint.http);

describe.each(http.map((t) => [t.name, t] as const))("tool %s", (_name, t) => {
  const path = t.endpoint.http!.path;
  const op = ((doc.paths as Json)[path] as Json).get as Json;

  it("has the output schema of the operation's 200", () => {
    const media = (t.endpoint.http!.media ?? "application/json").split(";")[0];
    const schema = deref((((op.responses as Json)["200"] as Json).content as Json)[media]) as Json;
    // MCP requires an object schema: an output that is one of several objects says "type: object" beside its anyOf.
    const expected = (schema.schema as Json).type === undefined ? { type: "object", ...(schema.schema as Json) } : schema.schema;
    expect(strip(t.outputSchema)).toEqual(expected);
  });

  it("has the operation's query parameters as its input", () => {
    const params = ((op.parameters ?? []) as Json[]).filter((p) => p.in === "query");
    const input = strip(t.inputSchema) as { properties?: Record<string, Json>; required?: string[] };
    expect(Object.keys(input.properties ?? {}).sort()).toEqual(params.map((p) => String(p.name)).sort());
    for (const p of params) {
      const { description, ...schema } = input.properties![String(p.name)];
      expect(schema, String(p.name)).toEqual(p.schema);
      expect(description ?? undefined).toEqual(p.description ?? undefined);
      expect((input.required ?? []).includes(String(p.name))).toBe(Boolean(p.required));
    }
  });
});

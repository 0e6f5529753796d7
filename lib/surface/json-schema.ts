import { z } from "zod";
import { allNamedSchemas } from "@/lib/core/schemas";

type Json = Record<string, unknown>;
const REF_PREFIX = "#/components/schemas/";

/**
 * JSON Schema (2020-12, what OpenAPI 3.1 uses) for a set of zod schemas, with every shape
 * registered through `named()` turned into a shared component and referenced by $ref.
 * `io: "output"` describes what we send, `"input"` what we accept.
 */
export function toComponents(extra: Record<string, z.ZodType>, io: "input" | "output"): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of allNamedSchemas()) registry.add(schema, { id });
  for (const [id, schema] of Object.entries(extra)) if (!registry.has(schema)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    io,
    target: "draft-2020-12",
    unrepresentable: "any",
    uri: (id) => `${REF_PREFIX}${id}`,
  }) as { schemas: Record<string, Json> };
  const out: Record<string, Json> = {};
  for (const [id, schema] of Object.entries(schemas)) out[id] = clean(schema) as Json;
  return out;
}

/**
 * Drop what OpenAPI components must not carry ($schema, $id) and the closed-object marker
 * zod adds to outputs: clients are told to ignore unknown fields, so responses stay open.
 */
function clean(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(clean);
  if (!node || typeof node !== "object") return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node as Json)) {
    if (k === "$schema" || k === "$id") continue;
    if (k === "additionalProperties" && v === false) continue;
    // Keys of these maps are names (a property may well be called `$schema`), not keywords.
    out[k] =
      NAME_MAPS.has(k) && v && typeof v === "object"
        ? Object.fromEntries(Object.entries(v as Json).map(([name, s]) => [name, clean(s)]))
        : clean(v);
  }
  return out;
}
const NAME_MAPS = new Set(["properties", "patternProperties", "$defs", "dependentSchemas"]);

export function schemaRef(id: string): Json {
  return { $ref: `${REF_PREFIX}${id}` };
}

/**
 * One schema on its own, everything inlined (for MCP tools, which cannot follow
 * `#/components` references), cleaned exactly like the OpenAPI components, so a tool's
 * schema and the operation's schema in /openapi.json are the same JSON once dereferenced.
 */
export function standalone(schema: z.ZodType, io: "input" | "output"): Json {
  const json = z.toJSONSchema(schema, { io, target: "draft-2020-12", unrepresentable: "any" }) as Json;
  return clean(json) as Json;
}

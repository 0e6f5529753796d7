import { z } from "zod";
import { defineEndpoint } from "@/lib/core/endpoint";
import { named } from "@/lib/core/schemas";
import { buildOpenApi } from "./openapi";
import { endpoints } from "./registry";

const OpenApiDocument = named(
  "OpenApiDocument",
  z.object({ openapi: z.string(), info: z.object({ version: z.string() }).loose(), paths: z.record(z.string(), z.unknown()) }).loose(),
  "An OpenAPI 3.1 document (this one).",
);

type Doc = z.input<typeof OpenApiDocument>;
const docs = new Map<string, Doc>();
const encoded = new WeakMap<object, string>();

/** Built and serialized once per base URL and process: the registry is fixed at build time. */
export function openApiDocument(base: string): Doc {
  let doc = docs.get(base);
  if (!doc) docs.set(base, (doc = buildOpenApi(endpoints(), base) as Doc));
  return doc;
}

function encode(doc: Doc): string {
  let text = encoded.get(doc);
  if (text === undefined) encoded.set(doc, (text = JSON.stringify(doc)));
  return text;
}

export const openapi = defineEndpoint({
  name: "getOpenApi",
  summary: "This API's OpenAPI 3.1 description",
  description: "Generated from the same endpoint registry that validates requests, so it cannot drift from what the server does.",
  tag: "meta",
  policy: "read",
  output: OpenApiDocument,
  outputDescription: "The OpenAPI document.",
  run: (_input, { base }) => openApiDocument(base),
  http: {
    path: "/openapi.json",
    media: "application/openapi+json; charset=utf-8",
    cache: { maxAge: 300, staleWhileRevalidate: 3600 },
    encode,
    etag: true,
  },
  mcp: false,
});

import { z } from "zod";
import { defineEndpoint, type Endpoint } from "@/lib/core/endpoint";
import { named } from "@/lib/core/schemas";
import { buildOpenApi } from "./openapi";

const OpenApiDocument = named(
  "OpenApiDocument",
  z.object({ openapi: z.string(), info: z.object({ version: z.string() }).loose(), paths: z.record(z.string(), z.unknown()) }).loose(),
  "An OpenAPI 3.1 document (this one).",
);

type Doc = z.input<typeof OpenApiDocument>;
const encoded = new WeakMap<object, string>();

function encode(doc: Doc): string {
  let text = encoded.get(doc);
  if (text === undefined) encoded.set(doc, (text = JSON.stringify(doc)));
  return text;
}

/** /openapi.json over every endpoint `all` lists (itself among them, so the list is handed over late). */
export function openApiEndpoint(all: () => readonly Endpoint[], offered: (e: Endpoint) => boolean): Endpoint {
  const docs = new Map<string, Doc>();
  // Built and serialized once per base URL and process: the list is fixed at build time, and
  // which features are on is decided once at start.
  const openApiDocument = (base: string): Doc => {
    let doc = docs.get(base);
    if (!doc) docs.set(base, (doc = buildOpenApi(all(), base, offered) as Doc));
    return doc;
  };
  return defineEndpoint({
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
}

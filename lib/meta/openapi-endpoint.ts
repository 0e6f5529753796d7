import { z } from "zod";
import { defineEndpoint } from "@/lib/api/endpoint";
import { named } from "@/lib/api/schemas";
import { buildOpenApi } from "@/lib/api/openapi";
import { endpoints } from "@/lib/api/registry";

const OpenApiDocument = named(
  "OpenApiDocument",
  z.object({ openapi: z.string(), info: z.object({ version: z.string() }).loose(), paths: z.record(z.string(), z.unknown()) }).loose(),
  "An OpenAPI 3.1 document (this one).",
);

const cache = new Map<string, string>();

/** Built once per base URL and process: the registry is fixed at build time. */
export function openApiJson(base: string): string {
  let doc = cache.get(base);
  if (!doc) cache.set(base, (doc = JSON.stringify(buildOpenApi(endpoints(), base))));
  return doc;
}

export const openapi = defineEndpoint({
  path: "/openapi.json",
  operationId: "getOpenApi",
  summary: "This API's OpenAPI 3.1 description",
  description: "Generated from the same endpoint registry that validates requests, so it cannot drift from what the server does.",
  tag: "meta",
  methods: ["GET"],
  policy: "read",
  response: { schema: OpenApiDocument, description: "The OpenAPI document.", contentType: "application/openapi+json" },
  cache: { maxAge: 300, staleWhileRevalidate: 3600 },
  handler: ({ base }) =>
    new Response(openApiJson(base), { headers: { "content-type": "application/openapi+json; charset=utf-8" } }),
});

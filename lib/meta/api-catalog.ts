import { z } from "zod";
import { defineEndpoint } from "@/lib/api/endpoint";
import { named } from "@/lib/api/schemas";
import { surfaces } from "./surfaces";

export const API_CATALOG_CONTENT_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

const Target = z.object({ href: z.string(), type: z.string().optional(), title: z.string().optional() });
const Linkset = named(
  "ApiCatalog",
  z.object({
    linkset: z.array(
      z
        .object({
          anchor: z.string(),
          "service-desc": z.array(Target).optional(),
          "service-doc": z.array(Target).optional(),
          status: z.array(Target).optional(),
          item: z.array(Target).optional(),
        })
        .loose(),
    ),
  }),
  "An RFC 9264 linkset listing this site's API (RFC 9727 api-catalog).",
);

export function apiCatalog(base: string): z.infer<typeof Linkset> {
  return {
    linkset: [
      {
        anchor: `${base}/`,
        "service-desc": [{ href: `${base}/openapi.json`, type: "application/openapi+json", title: "OpenAPI 3.1 description" }],
        "service-doc": [{ href: `${base}/developers`, type: "text/html", title: "Developer guide" }],
        status: [{ href: `${base}/health.json`, type: "application/json", title: "Service health" }],
        ...(surfaces.mcp ? { item: [{ href: `${base}/mcp`, title: "MCP server (the same capabilities as tools)" }] } : {}),
      },
    ],
  };
}

// RFC 9727 §4 asks a HEAD on the catalog to carry `Link: </.well-known/api-catalog>; rel="api-catalog"`:
// the Link header every API answer shares (lib/api/headers.ts) already includes it, on GET and HEAD.
export const apiCatalogEndpoint = defineEndpoint({
  path: "/.well-known/api-catalog",
  operationId: "getApiCatalog",
  summary: "API catalog (RFC 9727)",
  description: "Where this site's API, its description and its documentation live, as an RFC 9264 linkset.",
  tag: "meta",
  methods: ["GET"],
  policy: "read",
  response: { schema: Linkset, description: "The catalog.", contentType: API_CATALOG_CONTENT_TYPE },
  cache: { maxAge: 3600 },
  handler: ({ base }) => apiCatalog(base),
});

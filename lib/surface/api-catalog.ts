import { z } from "zod";
import { defineEndpoint } from "@/lib/core/endpoint";
import { named } from "@/lib/core/schemas";

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
          "service-meta": z.array(Target).optional(),
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
        "service-meta": [{ href: `${base}/mcp/server-card`, type: "application/mcp-server-card+json", title: "MCP server card" }],
        item: [
          { href: `${base}/mcp`, title: "MCP server (the same capabilities as tools)" },
          { href: `${base}/llms.txt`, type: "text/markdown", title: "Site map for language models" },
        ],
      },
    ],
  };
}

// RFC 9727 §4 asks a HEAD on the catalog to carry `Link: </.well-known/api-catalog>; rel="api-catalog"`:
// the Link header every API answer shares (lib/core/response.ts) already includes it, on GET and HEAD.
export const apiCatalogEndpoint = defineEndpoint({
  name: "getApiCatalog",
  summary: "API catalog (RFC 9727)",
  description: "Where this site's API, its description and its documentation live, as an RFC 9264 linkset.",
  tag: "meta",
  policy: "read",
  output: Linkset,
  outputDescription: "The catalog.",
  run: (_input, { base }) => apiCatalog(base),
  http: { path: "/.well-known/api-catalog", media: API_CATALOG_CONTENT_TYPE, cache: { maxAge: 3600 }, etag: true },
  mcp: false,
});

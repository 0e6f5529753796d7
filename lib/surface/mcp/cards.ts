import { z } from "zod";
import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/server";
import { defineEndpoint, type Endpoint } from "@/lib/core/endpoint";
import { named } from "@/lib/core/schemas";
import { siteConfig } from "@/site.config";
import { MCP_SERVER_VERSION, mcpServerName as serverName, type ToolDescription } from "./tools";

/**
 * How an agent finds the MCP server: the server card at its current location (the
 * experimental server-card extension: GET <mcp-url>/server-card), the older card at
 * /.well-known/mcp/server-card.json that scanners still read (their `$schema` values
 * conflict, so both are served), and the AI catalog that lists the card.
 */
// The stateless 2026-07-28 revision (server/discover; what createMcpHandler serves, and the SDK
// does not export its list of), then every version the SDK's legacy handshake negotiates.
export const MCP_PROTOCOL_VERSIONS: readonly string[] = [...new Set(["2026-07-28", ...SUPPORTED_PROTOCOL_VERSIONS])];
const CARD_CACHE = { maxAge: 3600 } as const;
const description = `Search, ask, photos, resume and lens tools over ${siteConfig.name}'s site.`.slice(0, 100);

const ServerCardSchema = named(
  "McpServerCard",
  z
    .object({
      $schema: z.literal("https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json"),
      name: z.string().regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/),
      version: z.string(),
      description: z.string().min(1).max(100),
      title: z.string().optional(),
      websiteUrl: z.url().optional(),
      remotes: z.array(z.object({ type: z.literal("streamable-http"), url: z.url(), supportedProtocolVersions: z.array(z.string()) })),
    })
    .loose(),
  "MCP server card (experimental server-card extension).",
);

export const mcpServerCard = defineEndpoint({
  name: "getMcpServerCard",
  summary: "MCP server card",
  description:
    "Where the MCP server is and which protocol revisions it speaks, in the shape of the MCP server-card extension (tools are listed by the server itself).",
  tag: "meta",
  policy: "read",
  output: ServerCardSchema,
  outputDescription: "The server card.",
  run: (_input, { base }) => ({
    $schema: "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json" as const,
    name: serverName(base),
    version: MCP_SERVER_VERSION,
    description,
    title: `${siteConfig.name} — site tools`,
    websiteUrl: `${base}/`,
    remotes: [{ type: "streamable-http" as const, url: `${base}/mcp`, supportedProtocolVersions: [...MCP_PROTOCOL_VERSIONS] }],
  }),
  http: { path: "/mcp/server-card", media: "application/mcp-server-card+json", cache: CARD_CACHE, etag: true },
  mcp: false,
});

const LegacyCardSchema = named(
  "McpServerCardWellKnown",
  z
    .object({
      $schema: z.literal("https://static.modelcontextprotocol.io/schemas/mcp-server-card/v1.json"),
      version: z.literal("1.0"),
      protocolVersion: z.string(),
      serverInfo: z.object({ name: z.string(), title: z.string(), version: z.string() }),
      description: z.string(),
      transport: z.object({ type: z.literal("streamable-http"), endpoint: z.string() }),
      authentication: z.object({ required: z.boolean() }),
      tools: z.array(z.object({ name: z.string(), title: z.string().optional(), description: z.string() })),
    })
    .loose(),
  "MCP server card in the earlier well-known shape (SEP-1649) that scanners read.",
);

/** The well-known card lists the tools, which come from the full endpoint list. */
export const mcpServerCardWellKnownEndpoint = (tools: () => readonly ToolDescription[]): Endpoint =>
  defineEndpoint({
    name: "getMcpServerCardWellKnown",
    summary: "MCP server card (well-known location)",
    description: "The MCP server card at /.well-known/mcp/server-card.json, in the earlier shape that scanners read, with the tool list.",
    tag: "meta",
    policy: "read",
    output: LegacyCardSchema,
    outputDescription: "The server card.",
    run: (_input, { base }) => ({
      $schema: "https://static.modelcontextprotocol.io/schemas/mcp-server-card/v1.json" as const,
      version: "1.0" as const,
      protocolVersion: MCP_PROTOCOL_VERSIONS[0],
      serverInfo: { name: serverName(base), title: `${siteConfig.name} — site tools`, version: MCP_SERVER_VERSION },
      description,
      transport: { type: "streamable-http" as const, endpoint: "/mcp" },
      authentication: { required: false },
      tools: tools().map((t) => ({ name: t.name, title: t.title, description: t.description })),
    }),
    http: { path: "/.well-known/mcp/server-card.json", cache: CARD_CACHE, etag: true },
    mcp: false,
  });

// The ARD ai-catalog shape (ards-project/ard-spec, as Lighthouse 13.5 validates it): every entry
// names itself in displayName; extra members would fail its additionalProperties at the root and in host.
const AiCatalogSchema = named(
  "AiCatalog",
  z.strictObject({
    specVersion: z.literal("1.0"),
    host: z.strictObject({ displayName: z.string(), documentationUrl: z.url().optional() }),
    entries: z.array(
      z.strictObject({
        identifier: z.string().regex(/^urn:air:[a-zA-Z0-9.-]+(:[a-zA-Z0-9._-]+)+$/),
        displayName: z.string(),
        type: z.string(),
        url: z.url(),
        description: z.string().optional(),
        representativeQueries: z.array(z.string()).min(2).max(5).optional(),
      }),
    ),
  }),
  "AI catalog (Agent Resource Discovery, ai-catalog.json 1.0): the agent-facing documents of this site.",
);

export const aiCatalog = defineEndpoint({
  name: "getAiCatalog",
  summary: "AI catalog",
  description:
    "Lists the MCP server card for agents, as /.well-known/ai-catalog.json in the Agent Resource Discovery shape (the OpenAPI description is listed by /.well-known/api-catalog).",
  tag: "meta",
  policy: "read",
  output: AiCatalogSchema,
  outputDescription: "The catalog.",
  run: (_input, { base }) => {
    const host = new URL(base).hostname;
    return {
      specVersion: "1.0" as const,
      host: { displayName: siteConfig.name, documentationUrl: `${base}/developers` },
      // Only ARD's discovery media types: an OpenAPI entry would be a conformance warning, and
      // RFC 9727's api-catalog already points agents at it.
      entries: [
        {
          identifier: `urn:air:${host}:mcp:site`,
          displayName: "MCP server",
          type: "application/mcp-server-card+json",
          url: `${base}/mcp/server-card`,
          description,
          representativeQueries: [
            `What does ${siteConfig.name} work on?`,
            `Search ${siteConfig.name}'s writing`,
            `Show ${siteConfig.name}'s photos`,
          ],
        },
      ],
    };
  },
  http: { path: "/.well-known/ai-catalog.json", media: "application/ai-catalog+json", cache: CARD_CACHE, etag: true },
  mcp: false,
});

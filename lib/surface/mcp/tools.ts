import type { Endpoint } from "@/lib/core/endpoint";
import { toolName } from "@/lib/core/endpoint";
import { standalone } from "../json-schema";

import { siteConfig } from "@/site.config";

type Json = Record<string, unknown>;
/** What MCP takes as a tool's input or output schema. */
export type ObjectSchema = { type: "object"; [keyword: string]: unknown };

export const MCP_SERVER_VERSION = "1.0.0";
/** The server's name, the same in its initialize reply and on both server cards: `<host>/site`. */
export const mcpServerName = (base: string) => `${new URL(base).hostname}/site`;
export const MCP_INSTRUCTIONS = `Tools over ${siteConfig.name}'s public site: search and ask (ranked pages, never generated text), the photo archive, the resume, and lens (how machines see a public URL, with stored snapshots). Keyless; the same rate limits as the HTTP API.`;

export interface ToolDescription {
  name: string;
  title: string;
  description: string;
  inputSchema: ObjectSchema;
  outputSchema: ObjectSchema;
  endpoint: Endpoint;
  annotations: { readOnlyHint: boolean; openWorldHint: boolean; idempotentHint: boolean; destructiveHint: boolean };
}

const cached = new WeakMap<readonly Endpoint[], ToolDescription[]>();

/** MCP wants an object schema; an output that is one of several objects (anyOf) says so at the top. */
function objectSchema(s: Json): ObjectSchema {
  return s.type === "object" ? { ...s, type: "object" } : { type: "object", ...s };
}

/**
 * Every endpoint of `all` that is a tool, with the endpoint's own schemas (the same converter
 * as /openapi.json) and description. Built once per list: the registry is fixed.
 */
export function toolsOf(all: readonly Endpoint[]): ToolDescription[] {
  const known = cached.get(all);
  if (known) return known;
  const made = all.flatMap((e) => {
    const name = toolName(e);
    if (!name) return [];
    const inputSchema: ObjectSchema = e.input ? objectSchema(standalone(e.input, "input")) : { type: "object", properties: {} };
    const description = (e.mcp && e.mcp.description) || `${e.summary}. ${e.description}`;
    const writes = Boolean(e.mcp && e.mcp.stores);
    return [
      {
        name,
        title: e.summary,
        description,
        inputSchema,
        outputSchema: objectSchema(standalone(e.output, "output")),
        endpoint: e,
        annotations: { readOnlyHint: !writes, openWorldHint: e.tag === "lens", idempotentHint: !writes, destructiveHint: false },
      },
    ];
  });
  cached.set(all, made);
  return made;
}

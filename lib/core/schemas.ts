import { z } from "zod";
import { errorCodes } from "./errors";

/**
 * Named shapes become `#/components/schemas/<id>` in /openapi.json. Endpoints call
 * `named()` for every shape a client would want to refer to by name.
 */
const namedSchemas = new Map<string, z.ZodType>();

export function named<T extends z.ZodType>(id: string, schema: T, description?: string): T {
  if (namedSchemas.has(id)) throw new Error(`schema id ${id} is registered twice`);
  // .meta() returns a new instance: register that one, so nested uses resolve to a $ref.
  const described = (description ? schema.meta({ description }) : schema) as T;
  namedSchemas.set(id, described);
  return described;
}

export function allNamedSchemas(): ReadonlyMap<string, z.ZodType> {
  return namedSchemas;
}

export const ErrorSchema = named(
  "Error",
  z
    .object({
      error: z.string().meta({ description: "Sentence describing what went wrong" }),
      ok: z.literal(false).optional().meta({ description: "Always false on an error" }),
      code: z.enum(errorCodes).optional().meta({ description: "Stable machine token" }),
      status: z.int().optional().meta({ description: "HTTP status repeated in the body" }),
      hint: z.string().optional().meta({ description: "What to try next" }),
      suggestions: z.array(z.url()).optional().meta({ description: "Closest real pages, on a 404 (absolute URLs)" }),
      docs: z.url().optional().meta({ description: "Where the API is documented" }),
      parameter: z.string().optional().meta({ description: "The rejected query parameter" }),
      field: z.string().optional().meta({ description: "The rejected request-body field" }),
      allow: z.array(z.string()).optional().meta({ description: "Methods the path answers, on a 405" }),
      supported: z.array(z.string()).optional().meta({ description: "API versions served, on a 400 for an API-Version request" }),
      policy: z.string().optional().meta({ description: "The rate-limit policy that refused the request, on a 429" }),
      retryAfter: z.int().min(1).max(86_400).optional().meta({
        description:
          "Seconds to wait, on a 429 (1–60) or a 503: the Retry-After header's value, for readers that see no headers (MCP tool results). Up to a day where what is missing comes from a daily job (/around/json before its first crawl)",
      }),
    })
    .loose(),
  "The one error shape of every endpoint. Endpoints may add their own fields.",
);

import { randomUUID } from "node:crypto";
import { z } from "zod";
import { ApiError } from "@/lib/core/errors";
import { clampedInt, requiredText } from "@/lib/core/params";
import { siteConfig } from "@/site.config";

export const MODES_SUPPORTED = ["list"] as const;
const MODES = ["list", "summarize", "generate"] as const;
const MAX_TEXT = 500;
const MAX_PREV = 10;
/** Bounds on what a client may send as history (only MAX_PREV entries are used). */
const MAX_PREV_SENT = 200;
const MAX_PREV_TEXT = 20_000;
const STREAMING_OFF = new Set(["0", "false", "no", "off"]);

const blankIsAbsent = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
type Mode = (typeof MODES)[number];

/** "list", or a comma-separated combination such as "list, summarize" (what search-components and NLWeb_Core send). */
export function parseModes(v: string): Mode[] | null {
  const parts = v
    .split(",")
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  if (parts.length === 0 || !parts.every((p) => (MODES as readonly string[]).includes(p))) return null;
  return [...new Set(parts)] as Mode[];
}
const mode = (description: string) =>
  z
    .preprocess(
      blankIsAbsent,
      z
        .string()
        .max(60)
        .refine((v) => parseModes(v) !== null, { error: "mode must be list, summarize or generate, or a comma-separated list of them" })
        .optional(),
    )
    .meta({ description });

/**
 * prev as comma-separated text or a JSON array (the NLWeb chat UI sends JSON.stringify(array)),
 * oldest first as chat clients keep it; the latest 10 are used, since a follow-up refers to
 * what was asked just before it.
 */
export function parsePrev(raw: string | readonly string[] | null | undefined): string[] {
  if (raw === null || raw === undefined) return [];
  let items: unknown[] = [];
  if (Array.isArray(raw)) items = raw;
  else {
    const trimmed = (raw as string).trim();
    if (trimmed.startsWith("[")) {
      try {
        const parsed = JSON.parse(trimmed) as unknown;
        items = Array.isArray(parsed) ? parsed : [];
      } catch {
        items = trimmed.slice(1, -1).split(",");
      }
    } else items = trimmed.split(",");
  }
  return items
    .map((s) => String(s).trim())
    .filter(Boolean)
    .slice(-MAX_PREV);
}

/**
 * The input of /ask, whichever way it arrives: GET's query string, POST's NLWeb 0.55 body
 * mapped onto it, or the MCP `ask` tool's arguments. One schema, so /openapi.json says what
 * the server enforces and the tool refuses what the endpoint refuses.
 */
export const AskInputSchema = z.object({
  query: requiredText("query", MAX_TEXT, "The question. At most 500 characters.", siteConfig.examples.questions[0]),
  streaming: z.union([z.boolean(), z.string()]).optional().meta({
    description: "0, false, no or off (or false): one JSON body; anything else or absent: text/event-stream. Ignored by the MCP tool.",
  }),
  mode: mode(
    "list (default), or a comma-separated combination such as `list, summarize`: a combination with list is answered with the list, and `_meta.modes_not_served` names the rest; summarize or generate alone are not served (501 with `supported_modes`)",
  ),
  generate_mode: z.string().max(40).optional().meta({ description: "Legacy spelling of mode, read only when mode is absent" }),
  site: z.string().max(300).optional().meta({ description: "Empty, all, this host, or https://this host; anything else is a 400" }),
  top_k: clampedInt({ min: 1, max: 50, default: 10, description: "Results:", optional: true }),
  limit: clampedInt({ min: 1, max: 50, default: 10, description: "Read as top_k when top_k is absent:", optional: true }),
  // A chat client sends its whole history: more than 10 entries is not an error, only the latest 10 are used.
  prev: z
    .union([z.string().max(MAX_PREV_TEXT), z.array(z.string().max(MAX_TEXT)).max(MAX_PREV_SENT)])
    .optional()
    .meta({
      description:
        'Earlier questions, oldest first: comma-separated, a JSON array as text, or an array; the latest 10 are used. A follow-up that names its subject only in the latest one ("how do I adjust it") is ranked with it when that makes the answer surer; `decontextualized_query` then shows what was ranked. In a GET the whole URL and headers must fit in 16 KB (larger is a 431), so a long history goes in a POST as `context.prev`',
    }),
  decontextualized_query: z.string().max(MAX_TEXT).optional().meta({ description: "Searched instead of query when present" }),
  query_id: z.string().max(200).optional().meta({ description: "Echoed back; a UUID is generated when absent" }),
});
export type AskInput = z.output<typeof AskInputSchema>;

export interface AskRequest {
  dialect: "legacy" | "0.55";
  query: string;
  decontextualized?: string;
  prev: string[];
  topK: number;
  streaming: boolean;
  queryId: string;
  /** Modes the client asked for beside list, which are not served (said in `_meta.modes_not_served`). */
  modesNotServed: string[];
}

/** `query_id` for an error body, before or without validation. */
export function errorQueryId(raw: Record<string, unknown>): string {
  const id = raw.query_id;
  return typeof id === "string" && id && id.length <= 200 ? id : randomUUID();
}

/** Sites that mean "this site": empty, all, the host (with or without port), https://host. */
function checkSite(site: string | undefined, host: string): void {
  if (site === undefined) return;
  const s = site.trim().toLowerCase().replace(/\/+$/, "");
  const bare = host.toLowerCase();
  const hostname = bare.replace(/:\d+$/, "");
  const ok = ["", "all", bare, hostname, `https://${bare}`, `https://${hostname}`, `http://${bare}`].includes(s);
  if (!ok) {
    throw new ApiError(
      "bad_request",
      `site ${JSON.stringify(site)} is not served here; the only site is ${bare}${bare === hostname ? "" : ` (or ${hostname})`} (or leave it empty, or "all").`,
      {
        extras: { parameter: "site" },
      },
    );
  }
}

function legacyMode(v: string | undefined): Mode[] | undefined {
  const t = v?.trim();
  if (!t) return undefined;
  const modes = parseModes(t);
  if (modes) return modes;
  throw new ApiError("bad_request", "generate_mode must be list, summarize or generate.", { extras: { parameter: "generate_mode" } });
}

/** GET's `streaming` rule: 0, false, no or off (any case) turn it off; absent is on. */
export function streamingOn(v: boolean | string | undefined): boolean {
  if (typeof v === "boolean") return v;
  return v === undefined || !STREAMING_OFF.has(v.trim().toLowerCase());
}

/** The validated input as one request; the rules zod cannot know (this host, modes not served). */
export function toAskRequest(input: AskInput, host: string, dialect: AskRequest["dialect"]): AskRequest {
  checkSite(input.site, host);
  const modes = (input.mode ? parseModes(input.mode) : legacyMode(input.generate_mode)) ?? ["list"];
  if (!modes.includes("list")) {
    throw new ApiError("not_implemented", `mode ${modes.join(", ")} is not served: answers are lists of pages, never generated text.`, {
      extras: { parameter: "mode", supported_modes: [...MODES_SUPPORTED] },
    });
  }
  const decontextualized = input.decontextualized_query?.trim();
  return {
    dialect,
    query: input.query,
    ...(decontextualized ? { decontextualized } : {}),
    prev: parsePrev(input.prev),
    topK: input.top_k ?? input.limit ?? 10,
    streaming: streamingOn(input.streaming),
    queryId: input.query_id ?? randomUUID(),
    modesNotServed: modes.filter((m) => m !== "list"),
  };
}

/** POST /ask: where each input field is in the NLWeb 0.55 body (body values win over the query string's). */
export const ASK_BODY_FIELDS = {
  query: "query.text",
  site: "query.site",
  streaming: "prefer.streaming",
  mode: "prefer.mode",
  prev: "context.prev",
  query_id: "query_id",
  top_k: "top_k",
  decontextualized_query: "decontextualized_query",
} as const satisfies Partial<Record<keyof AskInput, string>>;

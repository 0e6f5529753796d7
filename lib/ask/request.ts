import { randomUUID } from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import type { AskBody } from "./schemas";

export const MODES_SUPPORTED = ["list"] as const;
const KNOWN_MODES = ["list", "summarize", "generate"];
const MAX_QUERY = 500;
const MAX_PREV = 10;

export interface AskRequest {
  dialect: "legacy" | "0.55";
  query: string;
  decontextualized?: string;
  prev: string[];
  topK: number;
  streaming: boolean;
  queryId: string;
}

/** A 400 in the /ask error shape: the spec's Error plus `parameter`, `query_id` and `results: []`. */
function bad(parameter: string, message: string): ApiError {
  return new ApiError("bad_request", message, { extras: { parameter } });
}

/** `query_id` for an error body, from the body or the query string, before any validation. */
export function errorQueryId(params: URLSearchParams, body: unknown): string {
  const fromBody = (body as { query_id?: unknown } | undefined)?.query_id;
  const id = typeof fromBody === "string" && fromBody ? fromBody : params.get("query_id");
  return id && id.length <= 200 ? id : randomUUID();
}

/** prev as comma-separated text or a JSON array; at most 10 non-empty entries. */
export function parsePrev(raw: string | null): string[] {
  if (!raw) return [];
  let items: unknown[] = [];
  const trimmed = raw.trim();
  if (trimmed.startsWith("[")) {
    try {
      const parsed = JSON.parse(trimmed) as unknown;
      if (Array.isArray(parsed)) items = parsed;
    } catch {
      items = trimmed.slice(1, -1).split(",");
    }
  } else items = trimmed.split(",");
  return items.map((s) => String(s).trim()).filter(Boolean).slice(0, MAX_PREV);
}

function topK(raw: string | number | null | undefined): number {
  if (raw === null || raw === undefined || raw === "") return 10;
  const n = Number(raw);
  return Number.isFinite(n) ? Math.min(50, Math.max(1, Math.trunc(n))) : 10;
}

const STREAMING_OFF = new Set(["0", "false", "no", "off"]);

/** Sites that mean "this site": empty, all, the host (with or without port), https://host. */
function checkSite(site: string | undefined | null, host: string): void {
  if (site === undefined || site === null) return;
  const s = site.trim().toLowerCase().replace(/\/+$/, "");
  const bare = host.toLowerCase();
  const hostname = bare.replace(/:\d+$/, "");
  const ok = ["", "all", bare, hostname, `https://${bare}`, `https://${hostname}`, `http://${bare}`].includes(s);
  if (!ok) throw bad("site", `site ${JSON.stringify(site)} is not served here; the only site is ${hostname} (or leave it empty, or "all").`);
}

function checkMode(mode: string | undefined | null): void {
  if (mode === undefined || mode === null || mode === "" || mode === "list") return;
  if (KNOWN_MODES.includes(mode)) {
    throw new ApiError("not_implemented", `mode ${mode} is not served: answers are lists of pages, never generated text.`, {
      extras: { parameter: "mode", supported_modes: [...MODES_SUPPORTED] },
    });
  }
  throw bad("mode", `mode must be list (summarize and generate are not served); got ${JSON.stringify(mode)}.`);
}

/**
 * One /ask request from the query string (GET, legacy NLWeb) or the 0.55 body (POST),
 * with body fields winning over query-string fields.
 */
export function parseAsk(params: URLSearchParams, body: AskBody | undefined, host: string): AskRequest {
  const get = (k: string) => params.get(k);
  const query = (body?.query?.text ?? get("query") ?? "").trim();
  if (!query) throw bad("query", "query is required: the question to answer.");
  if (query.length > MAX_QUERY) throw bad("query", `query must be at most ${MAX_QUERY} characters.`);

  checkSite(body?.query?.site ?? get("site"), host);
  checkMode(body?.prefer?.mode ?? get("mode") ?? get("generate_mode"));

  const decontextualized = (body?.decontextualized_query ?? get("decontextualized_query") ?? "").trim();
  if (decontextualized.length > MAX_QUERY) throw bad("decontextualized_query", `decontextualized_query must be at most ${MAX_QUERY} characters.`);
  const queryId = body?.query_id ?? get("query_id") ?? randomUUID();
  if (queryId.length > 200) throw bad("query_id", "query_id must be at most 200 characters.");

  const streamingParam = get("streaming");
  const streaming = body?.prefer?.streaming ?? !(streamingParam !== null && STREAMING_OFF.has(streamingParam.trim().toLowerCase()));
  return {
    dialect: body ? "0.55" : "legacy",
    query,
    ...(decontextualized ? { decontextualized } : {}),
    prev: body?.context?.prev ? body.context.prev.map((s) => s.trim()).filter(Boolean).slice(0, MAX_PREV) : parsePrev(get("prev")),
    topK: body?.top_k ?? topK(get("top_k") ?? get("limit")),
    streaming,
    queryId,
  };
}

/**
 * One error type and one catalogue. A handler throws `ApiError`; the endpoint wrapper
 * turns it into the spec's Error body, so no endpoint can invent its own error shape.
 */
export const errorCatalogue = {
  bad_request: { status: 400, message: "The request is not valid.", hint: "Check the parameters against /openapi.json." },
  unsupported_api_version: {
    status: 400,
    message: "This API-Version is not served.",
    hint: "Send API-Version: 1 or omit the header.",
  },
  unauthorized: { status: 401, message: "This path needs the operator's secret.", hint: "Only the site's scheduler calls it." },
  forbidden: {
    status: 403,
    message: "This request is not allowed from here.",
    hint: "Call it from a server, or from the site's own pages.",
  },
  not_found: { status: 404, message: "Nothing lives at this path.", hint: "See /sitemap.xml for pages and /openapi.json for the API." },
  method_not_allowed: {
    status: 405,
    message: "This method is not served at this path.",
    hint: "Use one of the methods in the Allow header.",
  },
  unsupported_media_type: {
    status: 415,
    message: "This body's Content-Type is not served.",
    hint: "Send the body as JSON with Content-Type: application/json.",
  },
  rate_limited: {
    status: 429,
    message: "Too many requests.",
    hint: "Wait for the number of seconds in Retry-After (and in retryAfter), then try again.",
  },
  internal_error: { status: 500, message: "Something went wrong on our side.", hint: "Try again later; the failure was logged." },
  not_implemented: { status: 501, message: "This mode is not served.", hint: "Use a supported mode." },
  upstream_failed: { status: 502, message: "An upstream service could not be read.", hint: "Try again later.", temporary: true },
  storage_unavailable: { status: 503, message: "Storage could not be read.", hint: "Try again in a minute.", temporary: true },
  not_configured: {
    status: 503,
    message: "This capability is not configured on this site.",
    hint: "The site owner can enable it; see the README.",
  },
  pending: {
    status: 503,
    message: "Nothing has been recorded here yet.",
    hint: "Try again after the next scheduled run.",
    temporary: true,
  },
  no_playlist: { status: 503, message: "No playlist is set.", hint: "Try again later." },
} as const satisfies Record<string, { status: number; message: string; hint: string; temporary?: true }>;

/**
 * Whether a 503 of this code passes by itself (a store or upstream that is down, a first run
 * not yet done), so it carries Retry-After; "not configured" lasts until the owner acts.
 */
export function isTemporary(code: ErrorCode): boolean {
  return "temporary" in errorCatalogue[code];
}

export type ErrorCode = keyof typeof errorCatalogue;
export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export type ErrorExtras = Record<string, unknown>;

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly hint: string;
  readonly extras: ErrorExtras;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message?: string,
    options: { extras?: ErrorExtras; hint?: string; headers?: Record<string, string>; status?: number; cause?: unknown } = {},
  ) {
    const entry = errorCatalogue[code];
    super(message ?? entry.message, { cause: options.cause });
    this.name = "ApiError";
    this.code = code;
    this.status = options.status ?? entry.status;
    this.hint = options.hint ?? entry.hint;
    this.extras = options.extras ?? {};
    this.headers = options.headers ?? {};
    // A temporary 503 always says when to look again (/openapi.json documents it), in the
    // header and, through body(), for readers without headers; a cause may say better.
    if (this.status === 503 && isTemporary(code) && this.headers["retry-after"] === undefined)
      this.headers = { ...this.headers, "retry-after": "30" };
  }

  /**
   * The spec's Error body. Extras (parameter, allow, supported, query_id…) sit beside the
   * core fields, and a Retry-After is repeated as `retryAfter` for readers that see no
   * headers (an MCP tool result).
   */
  body(): Record<string, unknown> {
    const retry = Number(this.headers["retry-after"]);
    return {
      ok: false,
      error: this.message,
      code: this.code,
      status: this.status,
      hint: this.hint,
      ...(Number.isInteger(retry) && retry > 0 ? { retryAfter: retry } : {}),
      ...this.extras,
    };
  }
}

/** A 400 that names the offending query parameter, as the spec asks for. */
export function badParameter(parameter: string, message: string): ApiError {
  return new ApiError("bad_request", message, { extras: { parameter } });
}

import { ApiError } from "./errors";
import { CORS_HEADERS, PREFLIGHT_ALLOW_HEADERS, jsonResponse } from "./headers";

export const PAGE_METHODS = ["GET", "HEAD", "OPTIONS"] as const;
const allow = PAGE_METHODS.join(", ");

/** Pages are read-only: any other method gets the same 405 as an API path. */
export function pageMethodResponse(method: string, pathname: string): Response | undefined {
  if (method === "OPTIONS") {
    return new Response(null, { status: 204, headers: { ...CORS_HEADERS, allow, "access-control-allow-methods": allow, "access-control-allow-headers": PREFLIGHT_ALLOW_HEADERS, "access-control-max-age": "86400" } });
  }
  if ((PAGE_METHODS as readonly string[]).includes(method)) return undefined;
  const err = new ApiError("method_not_allowed", `${method} is not served at ${pathname}; use ${allow}.`, {
    extras: { allow: [...PAGE_METHODS] },
  });
  return jsonResponse(err.body(), 405, { ...CORS_HEADERS, allow, "cache-control": "no-store" });
}

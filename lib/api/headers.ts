/** Headers every API response shares, so no endpoint can drift from the contract. */
export const LINK_HEADER = [
  '</openapi.json>; rel="service-desc"; type="application/openapi+json"',
  '</developers>; rel="service-doc"; type="text/html"',
  '</.well-known/api-catalog>; rel="api-catalog"; type="application/linkset+json"',
].join(", ");

export const CORS_HEADERS: Record<string, string> = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "RateLimit, RateLimit-Policy, Retry-After, Link, Allow",
};

export const PREFLIGHT_ALLOW_HEADERS = "Accept, Content-Type, API-Version, Last-Event-ID";

export type CachePolicy =
  | "no-store"
  | { maxAge: number; sMaxAge?: number; staleWhileRevalidate?: number };

export function cacheControl(policy: CachePolicy): string {
  if (policy === "no-store") return "no-store";
  const parts = ["public", `max-age=${policy.maxAge}`];
  if (policy.sMaxAge !== undefined) parts.push(`s-maxage=${policy.sMaxAge}`);
  if (policy.staleWhileRevalidate !== undefined) parts.push(`stale-while-revalidate=${policy.staleWhileRevalidate}`);
  return parts.join(", ");
}

export function jsonResponse(body: unknown, status: number, headers: Record<string, string> = {}, contentType = "application/json; charset=utf-8"): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": contentType, ...headers } });
}

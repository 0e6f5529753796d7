// Built only by `npm run bench` (BENCH_ROUTES=1): /bench/const's constant answer carrying the
// headers every API answer must send (lib/core/wire.ts: CORS, RateLimit and RateLimit-Policy,
// Link, Cache-Control), built by no project code. Beside /bench/const it measures what Next charges
// to carry them (a Headers object per Response, then each copied onto the Node response).
const body = JSON.stringify({
  ok: true,
  status: "ok",
  store: { kind: "memory", reachable: true },
  limiter: { backend: "memory" },
  time: new Date(0).toISOString(),
});
const headers = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "RateLimit, RateLimit-Policy, Retry-After, Link, Allow, ETag",
  "x-content-type-options": "nosniff",
  "ratelimit-policy": '"read";q=120;w=60',
  ratelimit: '"read";r=119;t=60',
  link: '</openapi.json>; rel="service-desc"; type="application/openapi+json", </developers>; rel="service-doc"; type="text/html", </.well-known/api-catalog>; rel="api-catalog"; type="application/linkset+json"',
  "cache-control": "no-store",
  "content-type": "application/json; charset=utf-8",
};
export const GET = () => new Response(body, { headers });

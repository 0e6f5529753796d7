// Built only by `npm run bench` (BENCH_ROUTES=1): a constant JSON answer with no project
// code at all, to measure what the server (server.mjs, proxy, instrumentation) costs by
// itself against a minimal Next app's identical route.
const body = JSON.stringify({
  ok: true,
  status: "ok",
  store: { kind: "memory", reachable: true },
  limiter: { backend: "memory" },
  time: new Date(0).toISOString(),
});
export const GET = () => new Response(body, { headers: { "content-type": "application/json" } });

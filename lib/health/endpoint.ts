import { z } from "zod";
import { defineEndpoint } from "@/lib/core/endpoint";
import { named } from "@/lib/core/schemas";
import { getStore } from "@/lib/store";
import { getLimiter } from "@/lib/ratelimit";

export const HealthSchema = named(
  "Health",
  z.object({
    ok: z.literal(true),
    status: z.literal("ok"),
    store: z.object({ kind: z.enum(["memory", "redis", "upstash"]), reachable: z.literal(true) }),
    limiter: z.object({ backend: z.enum(["memory", "redis", "upstash"]) }),
    time: z.iso.datetime().meta({ description: "Server time (UTC)" }),
  }),
  "Liveness of the service and reachability of its store.",
);

export type Health = z.infer<typeof HealthSchema>;

/** Pings the store: a store outage is a 503, which uptime monitors can alert on. */
export async function healthReport(): Promise<Health> {
  const store = getStore();
  await store.ping();
  return {
    ok: true,
    status: "ok",
    store: { kind: store.kind, reachable: true },
    limiter: { backend: getLimiter().backend },
    time: new Date().toISOString(),
  };
}

export const health = defineEndpoint({
  name: "getHealth",
  summary: "Service health",
  description: "Whether the service is up and its store (memory, Redis or Upstash) answers. Meant for uptime monitors.",
  tag: "meta",
  policy: "read",
  output: HealthSchema,
  outputDescription: "The service and its store are up.",
  errors: [{ status: 503, code: "storage_unavailable", description: "The store cannot be reached; other endpoints keep serving" }],
  run: () => healthReport(),
  http: { path: "/health.json", cache: "no-store" },
  mcp: { description: "Whether the site's API is up and its store answers." },
});

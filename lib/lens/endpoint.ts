import { defineEndpoint } from "@/lib/api/endpoint";
import { jsonResponse } from "@/lib/api/headers";
import { ApiError } from "@/lib/api/errors";
import { LensFetchQuerySchema, LensObservationSchema } from "./schemas";
import { observePage } from "./observe";
import { LensFetchFailure, LIMITS } from "./safe-fetch";
import { LensRefusal } from "./target-url";

/**
 * /lens/fetch: one public URL fetched as the site's crawler, reported as a machine sees it.
 * Every request goes through safeFetch's guard; refusals are 400s naming `url`, a target
 * that cannot be read is a 502, and a target answering 4xx/5xx is an ordinary observation.
 */
export const lensFetch = defineEndpoint({
  path: "/lens/fetch",
  operationId: "inspectUrl",
  summary: "Inspect a public URL as a crawler sees it",
  description:
    `Fetches one public URL server-side with the site's crawler User-Agent (reported in \`fetchedBy\`) and reports status, headers, framing, the page's anatomy, structured data, an AI-ready Markdown rendition, robots directives and the token cost of reading it. Only http and https on ports 80 and 443; credentials and private, loopback, link-local, CGNAT, multicast, reserved and cloud-metadata addresses are refused on every resolved address and every redirect hop (at most ${LIMITS.maxRedirects}). Bodies are read up to ${LIMITS.maxBodyBytes / 1024 / 1024} MiB after decompression and HTML is parsed up to 512 KiB. The target has ${LIMITS.timeoutMs / 1000} seconds in all, then 502. Counts against the inspect budget (30 per minute), not the read budget.`,
  tag: "lens",
  methods: ["GET"],
  policy: "inspect",
  query: LensFetchQuerySchema,
  response: { schema: LensObservationSchema, description: "The observation" },
  responses: [
    { status: 501, code: "not_implemented", description: "mode=edge: the third-party readiness level is not served on this deployment" },
    { status: 502, code: "upstream_failed", description: `The target did not answer within ${LIMITS.timeoutMs / 1000} seconds, could not be reached, or redirected too often` },
  ],
  cache: "no-store",
  handler: async ({ query, base, signal }) => {
    if (query.mode === "edge") {
      throw new ApiError("not_implemented", "mode=edge (the third-party agent-readiness level) is not served on this deployment.", {
        hint: "Omit mode for the full observation.",
      });
    }
    try {
      const timings: { fetch?: number; analyze?: number } = {};
      const observation = await observePage(query.url, { base, signal, timings });
      return jsonResponse(observation, 200, { "server-timing": serverTiming(timings) });
    } catch (e) {
      if (e instanceof LensRefusal) {
        throw new ApiError("bad_request", e.message, { extras: { parameter: "url" }, hint: "Send a public http or https URL on port 80 or 443." });
      }
      if (e instanceof LensFetchFailure) throw new ApiError("upstream_failed", e.message, { hint: "Check that the URL opens in a browser, then try again." });
      throw e;
    }
  },
});

/** `fetch;dur=12.3, analyze;dur=20.1`: where the server's time went (W3C Server Timing). */
export function serverTiming(t: Record<string, number | undefined>): string {
  return Object.entries(t)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k};dur=${v!.toFixed(1)}`)
    .join(", ");
}

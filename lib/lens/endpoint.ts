import { defineEndpoint } from "@/lib/core/endpoint";
import { ApiError } from "@/lib/core/errors";
import { LensFetchQuerySchema, LensObservationSchema } from "./schemas";
import { observePage, type LensObservation } from "./observe";
import { LensFetchFailure, LIMITS } from "./safe-fetch";
import { LensRefusal } from "./target-url";

/**
 * One observation in the API's terms: a refused URL is a 400 naming `parameter`, a target
 * that cannot be read a 502, and a target answering 4xx/5xx an ordinary observation.
 * Shared by /lens/fetch and the MCP snapshot tools.
 */
export async function observeOrRefuse(
  url: string,
  o: { base: string; signal: AbortSignal; parameter?: string; timing?: (name: string, ms: number) => void },
): Promise<LensObservation> {
  try {
    const timings: { fetch?: number; analyze?: number } = {};
    const observation = await observePage(url, { base: o.base, signal: o.signal, timings });
    for (const [k, v] of Object.entries(timings)) if (v !== undefined) o.timing?.(k, v);
    return observation;
  } catch (e) {
    if (e instanceof LensRefusal) {
      throw new ApiError("bad_request", e.message, {
        extras: { parameter: o.parameter ?? "url" },
        hint: "Send a public http or https URL on port 80 or 443.",
      });
    }
    if (e instanceof LensFetchFailure)
      throw new ApiError("upstream_failed", e.message, { hint: "Check that the URL opens in a browser, then try again." });
    throw e;
  }
}

/** /lens/fetch: one public URL fetched as the site's crawler, reported as a machine sees it. */
export const lensFetch = defineEndpoint({
  name: "inspectUrl",
  summary: "Inspect a public URL as a crawler sees it",
  description: `Fetches one public URL server-side with the site's crawler User-Agent (reported in \`fetchedBy\`) and reports status, headers, framing, the page's anatomy, structured data, an AI-ready Markdown rendition, robots directives and the token cost of reading it. Only http and https on ports 80 and 443; credentials and private, loopback, link-local, CGNAT, multicast, reserved and cloud-metadata addresses are refused on every resolved address and every redirect hop (at most ${LIMITS.maxRedirects}). Bodies are read up to ${LIMITS.maxBodyBytes / 1024 / 1024} MiB after decompression and HTML is parsed up to 512 KiB. The target has ${LIMITS.timeoutMs / 1000} seconds in all, then 502. Counts against the inspect budget (30 per minute, shared with the MCP server), not the read budget.`,
  tag: "lens",
  policy: "inspect",
  input: LensFetchQuerySchema,
  output: LensObservationSchema,
  outputDescription: "The observation",
  errors: [
    { status: 501, code: "not_implemented", description: "mode=edge: the third-party readiness level is not served on this deployment" },
    {
      status: 502,
      code: "upstream_failed",
      description: `The target did not answer within ${LIMITS.timeoutMs / 1000} seconds, could not be reached, or redirected too often`,
    },
  ],
  run: (input, { base, signal, timing }) => {
    if (input.mode === "edge") {
      throw new ApiError("not_implemented", "mode=edge (the third-party agent-readiness level) is not served on this deployment.", {
        hint: "Omit mode for the full observation.",
      });
    }
    return observeOrRefuse(input.url, { base, signal, timing });
  },
  http: { path: "/lens/fetch", cache: "no-store" },
});

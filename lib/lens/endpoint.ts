import { defineEndpoint } from "@/lib/core/endpoint";
import { ApiError } from "@/lib/core/errors";
import { z } from "zod";
import { LensFetchQuerySchema, LensObservationSchema } from "./schemas";
import { EdgeSchema } from "./discovery/schemas";
import { observe, type LensObservation } from "./observe";
import { edgeLevel } from "./edge";
import { LensFetchFailure, LIMITS } from "./safe-fetch";
import { LensRefusal } from "./target-url";

/**
 * One observation in the API's terms: a refused URL is a 400 naming `parameter`, a target
 * that cannot be read a 502, and a target answering 4xx/5xx an ordinary observation.
 * Shared by /lens/fetch and the MCP snapshot tools.
 */
export async function observeOrRefuse(
  url: string,
  o: { base: string; signal: AbortSignal; parameter?: string; timing?: (name: string, ms: number) => void; pageOnly?: boolean },
): Promise<LensObservation> {
  try {
    const timings: { fetch?: number; analyze?: number; discovery?: number } = {};
    const observation = await observe(url, { base: o.base, signal: o.signal, timings, pageOnly: o.pageOnly });
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
  description: `Fetches one public URL server-side with the site's crawler User-Agent (reported in \`fetchedBy\`) and reports status, headers, framing, the page's anatomy, structured data, an AI-ready Markdown rendition, robots directives and the token cost of reading it. Unless \`phases=page\`, it then probes the origin's well-known paths (robots.txt, sitemap, llms.txt, security.txt, MCP server cards, A2A agent card, agent skills, API catalog, OpenAPI, OAuth metadata, TDMRep, AGENTS.md…), asks for the page as Markdown, re-fetches it as each major AI crawler (a browser first, as the control), and reports per-crawler robots.txt verdicts, the terms tier (open, signaled, enforced, paid), the agent doors and an agent-readiness score with next actions: at most 48 subrequests, all within the same time limit. \`mode=edge\` returns Cloudflare isitagentready's level for the origin instead (cached a day; \`available: false\` when it cannot be read). Only http and https on ports 80 and 443; credentials and private, loopback, link-local, CGNAT, multicast, reserved and cloud-metadata addresses are refused on every resolved address and every redirect hop (at most ${LIMITS.maxRedirects}). Bodies are read up to ${LIMITS.maxBodyBytes / 1024 / 1024} MiB after decompression and HTML is parsed up to 512 KiB. The target has ${LIMITS.timeoutMs / 1000} seconds in all, then 502. Counts against the inspect budget (30 per minute, shared with the MCP server), not the read budget.`,
  tag: "lens",
  policy: "inspect",
  input: LensFetchQuerySchema,
  output: z.union([LensObservationSchema, EdgeSchema]),
  outputDescription: "The observation (LensObservation), or with mode=edge the third-party level (LensEdge)",
  errors: [
    {
      status: 502,
      code: "upstream_failed",
      description: `The target did not answer within ${LIMITS.timeoutMs / 1000} seconds, could not be reached, or redirected too often`,
    },
  ],
  run: async (input, { base, signal, timing }) => {
    if (input.mode === "edge") {
      try {
        return await edgeLevel(input.url, { signal });
      } catch (e) {
        if (e instanceof LensRefusal)
          throw new ApiError("bad_request", e.message, {
            extras: { parameter: "url" },
            hint: "Send a public http or https URL on port 80 or 443.",
          });
        throw e;
      }
    }
    return observeOrRefuse(input.url, { base, signal, timing, pageOnly: input.phases === "page" });
  },
  http: { path: "/lens/fetch", cache: "no-store" },
});

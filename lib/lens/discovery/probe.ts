import { decodeText, isBinary } from "../page/body-text";
import { LensRefusal } from "../target-url";
import { BudgetSpent, subrequest, type DiscoveryContext } from "./context";

/** Characters of a probed resource's body the observation carries (the analysis reads all it fetched). */
export const PROBE_BODY_CHARS = 16 * 1024;

export type Probe =
  | { ok: true; status: number; url: string; contentType: string; headers: Record<string, string>; body: string; truncated: boolean }
  | { ok: false; status: number; url: string; headers: Record<string, string> }
  | { ok: false; error: string; url: string };

/** A probe as reported, with the whole text that was read (for parsing) beside it. */
export interface Probed {
  probe: Probe;
  /** Body text when reached with a 2xx and not binary; "" otherwise. */
  text: string;
  /** Final URL after redirects. */
  finalUrl: string;
}

/** Headers worth keeping in a probe: the rest (cookies, tracing) is noise in an observation. */
const KEPT =
  /^(content-type|content-length|content-signal|content-usage|link|vary|cache-control|last-modified|etag|x-robots-tag|location|www-authenticate|tdm-reservation|tdm-policy|crawler-price|payment-required|server|cf-mitigated)$/;
export const keptHeaders = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).filter(([k]) => KEPT.test(k)));

/** GET one path (or URL) on the target's origin as the site's crawler. */
export async function probe(ctx: DiscoveryContext, origin: string, pathOrUrl: string, accept = "*/*"): Promise<Probed> {
  const url = new URL(pathOrUrl, origin).href;
  try {
    const res = await subrequest(ctx, url, { accept });
    const contentType = res.headers["content-type"] ?? "";
    if (res.status < 200 || res.status > 299) {
      return { probe: { ok: false, status: res.status, url, headers: keptHeaders(res.headers) }, text: "", finalUrl: res.finalUrl };
    }
    const binary = res.bodyUnreadable !== undefined || isBinary(contentType, res.body);
    const text = binary ? "" : decodeText(res.body, contentType);
    return {
      probe: {
        ok: true,
        status: res.status,
        url,
        contentType,
        headers: keptHeaders(res.headers),
        body: text.slice(0, PROBE_BODY_CHARS),
        truncated: res.truncated || text.length > PROBE_BODY_CHARS,
      },
      text,
      finalUrl: res.finalUrl,
    };
  } catch (e) {
    return { probe: { ok: false, error: probeError(e), url }, text: "", finalUrl: url };
  }
}

export function probeError(e: unknown): string {
  if (e instanceof BudgetSpent || e instanceof LensRefusal) return e.message;
  if (e instanceof Error && e.name === "LensFetchFailure") return e.message;
  if (e instanceof Error && e.name === "AbortError") return "the observation was cancelled";
  return e instanceof Error ? e.message : String(e);
}

/** A 2xx answer whose body looks like what the path promises (an HTML error page served with 200 is not a robots.txt). */
export function reached(p: Probed, kind: "text" | "json" | "markdown" | "xml" = "text"): boolean {
  if (!p.probe.ok) return false;
  const head = p.text.trimStart().slice(0, 200).toLowerCase();
  const htmlPage = head.startsWith("<!doctype html") || head.startsWith("<html");
  if (kind === "json") return parseJson(p.text) !== undefined;
  if (kind === "xml") return head.startsWith("<?xml") || head.startsWith("<urlset") || head.startsWith("<sitemapindex");
  return !htmlPage && p.text.trim().length > 0;
}

export function parseJson(text: string): unknown {
  try {
    const v = JSON.parse(text) as unknown;
    return v !== null && typeof v === "object" ? v : undefined;
  } catch {
    return undefined;
  }
}

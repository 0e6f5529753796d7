import { botViewAgents, type ViewAgent } from "@/lib/crawlers";
import { subrequest, type DiscoveryContext } from "./context";
import { probeError } from "./probe";

/** The page as one crawler's User-Agent sees it. */
export interface BotView {
  key: string;
  label: string;
  status: number | null;
  blocked: boolean;
  challenge: boolean;
  role: ViewAgent["role"];
  owner: string;
  userAgent: string;
  contentType: string;
  sampleBytes: number;
  redirected: boolean;
  error?: string;
  /** Crawler payment headers of a 402 (crawler-price…), kept for terms; not part of the reported view. */
  paymentHeaders?: Record<string, string>;
}

/** Bytes of each view read: enough to compare sizes and spot a challenge page. */
const SAMPLE_BYTES = 256 * 1024;
const BLOCK_STATUSES = new Set([401, 403, 406, 429]);
/**
 * Challenge markers: Cloudflare's documented `cf-mitigated: challenge` header, or a 403/503
 * whose body is a known interstitial. Headers are not grepped for "cloudflare" or "captcha":
 * CSP allow-lists name them on ordinary pages.
 */
const CHALLENGE_BODY = /\/cdn-cgi\/challenge-platform\/|_cf_chl_opt|<title>\s*just a moment|captcha-delivery\.com|x-datadome/i;

interface Raw {
  agent: ViewAgent;
  status: number | null;
  headers: Record<string, string>;
  body: string;
  bytes: number;
  redirected: boolean;
  error?: string;
}

/** Fetches the page once per crawler identity (the control, a browser, first) and judges each against the control. */
export async function botViews(ctx: DiscoveryContext, url: string): Promise<BotView[]> {
  const agents = botViewAgents();
  const raws = await Promise.all(agents.map((a) => view(ctx, url, a)));
  const control = raws.find((r) => r.agent.role === "control");
  return raws.map((r) => judge(r, control));
}

async function view(ctx: DiscoveryContext, url: string, agent: ViewAgent): Promise<Raw> {
  try {
    const res = await subrequest(ctx, url, {
      userAgent: agent.userAgent,
      accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
      maxBodyBytes: SAMPLE_BYTES,
      maxRedirects: 5,
    });
    return {
      agent,
      status: res.status,
      headers: res.headers,
      body: res.body.toString("latin1").slice(0, 64 * 1024),
      bytes: res.body.byteLength,
      redirected: res.redirects.length > 0,
    };
  } catch (e) {
    return { agent, status: null, headers: {}, body: "", bytes: 0, redirected: false, error: probeError(e) };
  }
}

function judge(r: Raw, control: Raw | undefined): BotView {
  const challenge =
    (r.headers["cf-mitigated"] ?? "").toLowerCase() === "challenge" ||
    ((r.status === 403 || r.status === 503) && CHALLENGE_BODY.test(r.body));
  const controlOk = control !== undefined && control !== r && control.status !== null && control.status < 400;
  // A 402 is a price, not a wall (terms reports it as paid).
  const refused = r.status !== null && BLOCK_STATUSES.has(r.status) && !(controlOk === false && control?.status === r.status);
  const starved = controlOk && r.status !== null && r.status < 400 && control!.bytes > 2_048 && r.bytes < control!.bytes * 0.3;
  const paymentHeaders =
    r.status === 402
      ? Object.fromEntries(Object.entries(r.headers).filter(([k]) => k.startsWith("crawler-") || k === "payment-required"))
      : undefined;
  return {
    key: r.agent.key,
    label: r.agent.label,
    status: r.status,
    blocked: r.agent.role !== "control" && (refused || starved || challenge),
    challenge,
    role: r.agent.role,
    owner: r.agent.owner,
    userAgent: r.agent.userAgent,
    contentType: r.headers["content-type"] ?? "",
    sampleBytes: r.bytes,
    redirected: r.redirected,
    ...(r.error ? { error: r.error } : {}),
    ...(paymentHeaders ? { paymentHeaders } : {}),
  };
}

/** The view as the observation reports it. */
export const reportedView = ({ paymentHeaders: _, ...v }: BotView) => v;

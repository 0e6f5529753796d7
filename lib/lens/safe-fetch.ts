import dns from "node:dns";
import zlib from "node:zlib";
import type { LookupFunction } from "node:net";
import type { LookupAddress } from "node:dns";
import { Agent, fetch as undiciFetch } from "undici";
import { addressRefusal } from "./address-policy";
import { LensRefusal, parseTarget, type Target } from "./target-url";

/**
 * The one way lens reaches the network. undici's own `fetch` and `Agent` (the same undici major, so
 * the agent and fetch agree; docs/lens.md) with a vetting `lookup`: every address a name resolves to is checked and
 * the socket connects to the address that was checked, so a DNS answer cannot change
 * between check and connect. Redirects are followed by hand and every hop is parsed and
 * checked again. The dispatcher is explicit, so proxy environment variables play no part.
 */

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

export interface FetchOptions {
  userAgent: string;
  allowHosts: readonly string[];
  resolver?: Resolver;
  timeoutMs?: number;
  maxBodyBytes?: number;
  maxRedirects?: number;
  signal?: AbortSignal;
  accept?: string;
  /** GET unless given; a redirect of a POST is followed as a GET (as browsers do for 301-303). */
  method?: "GET" | "POST";
  body?: string;
  /** Extra request headers (never User-Agent or Accept, which have their own options). */
  headers?: Record<string, string>;
  /** Signature headers for each hop (Web Bot Auth signs the authority, so every hop is signed anew). */
  sign?: (url: URL) => Promise<Record<string, string>>;
}

export const LIMITS = { timeoutMs: 8_000, maxBodyBytes: 2 * 1024 * 1024, maxRedirects: 5 } as const;

export interface Hop {
  url: string;
  status: number;
  location: string;
}

export interface FetchedResponse {
  url: string;
  finalUrl: string;
  redirects: Hop[];
  status: number;
  headers: Record<string, string>;
  /** Decoded body bytes, at most maxBodyBytes; empty when the encoding could not be decoded. */
  body: Buffer;
  truncated: boolean;
  bodyUnreadable?: { reason: "undecodable-content-encoding"; encoding: string };
  elapsedMs: number;
}

/** The target could not be read (timeout, connection failure, too many redirects): a 502. */
export class LensFetchFailure extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "LensFetchFailure";
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DECODABLE = new Set(["gzip", "x-gzip", "deflate", "br", "identity", ...(hasZstd() ? ["zstd"] : [])]);

export async function safeFetch(rawUrl: string, options: FetchOptions): Promise<FetchedResponse> {
  const started = performance.now();
  const limits: { timeoutMs: number; maxBodyBytes: number; maxRedirects: number } = { ...LIMITS, ...definedOnly(options) };
  const first = parseTarget(rawUrl, options.allowHosts);
  const operatorHosts = new Set<string>();
  let refusal: LensRefusal | null = null;
  const agent = new Agent({
    connect: {
      lookup: vettingLookup(
        options.resolver ?? systemResolver,
        (host) => operatorHosts.has(host),
        (r) => (refusal = r),
      ) as unknown as LookupFunction,
      timeout: limits.timeoutMs,
    },
    headersTimeout: limits.timeoutMs,
    bodyTimeout: limits.timeoutMs,
    connections: 1,
  });
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const redirects: Hop[] = [];
  const seen = new Set<string>();
  let target: Target = first;
  try {
    for (;;) {
      // The lookup sees names, not ports: allow exactly this hop's name, and only when this
      // hop's host:port is listed (a redirect to the same name on another port is vetted).
      operatorHosts.clear();
      if (target.operatorAllowed) operatorHosts.add(target.url.hostname.toLowerCase());
      seen.add(target.url.href);
      const post = options.method === "POST" && redirects.length === 0;
      const signature = options.sign ? await options.sign(target.url) : {};
      const res = await undiciFetch(target.url, {
        dispatcher: agent,
        redirect: "manual",
        signal,
        ...(post ? { method: "POST", body: options.body ?? "" } : {}),
        headers: {
          ...options.headers,
          ...signature,
          "user-agent": options.userAgent,
          accept: options.accept ?? "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
          "accept-language": "en",
        },
      });
      const location = res.headers.get("location");
      if (REDIRECTS.has(res.status) && location) {
        await res.body?.cancel().catch(() => {});
        redirects.push({ url: target.url.href, status: res.status, location });
        if (redirects.length > limits.maxRedirects) {
          throw new LensFetchFailure(`The target redirected more than ${limits.maxRedirects} times.`);
        }
        try {
          target = parseTarget(location, options.allowHosts, target.url);
        } catch (e) {
          if (e instanceof LensRefusal) throw new LensRefusal(`Redirect ${redirects.length} was refused: ${e.message}`);
          throw e;
        }
        if (seen.has(target.url.href)) throw new LensFetchFailure(`The target redirects in a loop (back to ${target.url.href}).`);
        continue;
      }
      const headers = Object.fromEntries([...res.headers].map(([k, v]) => [k.toLowerCase(), v]));
      const encoding = (headers["content-encoding"] ?? "").toLowerCase();
      const undecodable = encoding
        .split(",")
        .map((c) => c.trim())
        .find((c) => c && !DECODABLE.has(c));
      let body: Buffer = Buffer.alloc(0);
      let truncated = false;
      let bodyUnreadable: FetchedResponse["bodyUnreadable"];
      if (undecodable) {
        await res.body?.cancel().catch(() => {});
        bodyUnreadable = { reason: "undecodable-content-encoding", encoding };
      } else if (res.body) {
        try {
          ({ body, truncated } = await readCapped(res.body as ReadableStream<Uint8Array>, limits.maxBodyBytes));
        } catch (e) {
          if (signal.aborted) throw e;
          // A body that does not decode as its Content-Encoding says (corrupt gzip, say).
          if (encoding && isDecodeError(e)) bodyUnreadable = { reason: "undecodable-content-encoding", encoding };
          else throw e;
        }
      }
      return {
        url: first.url.href,
        finalUrl: target.url.href,
        redirects,
        status: res.status,
        headers,
        body,
        truncated,
        ...(bodyUnreadable ? { bodyUnreadable } : {}),
        elapsedMs: Math.round(performance.now() - started),
      };
    }
  } catch (e) {
    if (refusal)
      throw redirects.length ? new LensRefusal(`Redirect ${redirects.length} was refused: ${(refusal as LensRefusal).message}`) : refusal;
    if (e instanceof LensRefusal || e instanceof LensFetchFailure) throw e;
    const code = (e as { cause?: { code?: string } })?.cause?.code;
    if (timeout.aborted || code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT" || code === "UND_ERR_CONNECT_TIMEOUT")
      throw new LensFetchFailure(`The target did not answer within ${limits.timeoutMs / 1000} seconds.`, { cause: e });
    if (options.signal?.aborted) throw e;
    throw new LensFetchFailure(`The target could not be fetched: ${describe(e)}.`, { cause: e });
  } finally {
    agent.destroy().catch(() => {});
  }
}

/**
 * The connect-time check. Node's `net.connect` calls this for every name (IP literals were
 * judged when the URL was parsed); one refused address refuses the request, and only vetted
 * addresses are handed back, so the socket connects to exactly what was checked.
 */
export function vettingLookup(resolver: Resolver, operatorAllowed: (host: string) => boolean, onRefusal: (r: LensRefusal) => void) {
  return (hostname: string, options: dns.LookupOptions | number, callback: (...args: unknown[]) => void) => {
    const opts = typeof options === "number" ? { family: options } : (options ?? {});
    resolver(hostname).then(
      (answers) => {
        if (answers.length === 0) return callback(Object.assign(new Error(`${hostname} has no addresses`), { code: "ENOTFOUND" }));
        if (!operatorAllowed(hostname.toLowerCase())) {
          for (const a of answers) {
            const why = addressRefusal(a.address);
            if (why) {
              const refusal = new LensRefusal(`${hostname} resolves to ${a.address}: ${why}; only public addresses can be fetched.`);
              onRefusal(refusal);
              return callback(refusal);
            }
          }
        }
        const family = opts.family === 4 || opts.family === 6 ? opts.family : 0;
        const usable = family ? answers.filter((a) => a.family === family) : answers;
        if (usable.length === 0)
          return callback(Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: "ENOTFOUND" }));
        if (opts.all) callback(null, usable);
        else callback(null, usable[0].address, usable[0].family);
      },
      (err) => callback(err),
    );
  };
}

async function readCapped(stream: ReadableStream<Uint8Array>, max: number): Promise<{ body: Buffer; truncated: boolean }> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > max) {
      chunks.push(value.subarray(0, max - size));
      size = max;
      truncated = true;
      // Stop reading: a compressed bomb is never inflated past the cap.
      await reader.cancel().catch(() => {});
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  return { body: Buffer.concat(chunks, size), truncated };
}

function isDecodeError(e: unknown): boolean {
  const code = (e as { code?: string })?.code ?? (e as { cause?: { code?: string } })?.cause?.code ?? "";
  return (
    /^Z_|ERR_(ZLIB|BROTLI|ZSTD)|ERR__ERROR_FORMAT/i.test(code) ||
    /incorrect header check|invalid (block|distance|stored)|unexpected end of file|decompression/i.test(String((e as Error)?.message ?? ""))
  );
}

function describe(e: unknown): string {
  const cause = (e as { cause?: { code?: string; message?: string } })?.cause;
  const code = cause?.code ?? (e as { code?: string })?.code;
  const words: Record<string, string> = {
    ENOTFOUND: "the host name does not resolve",
    EAI_AGAIN: "the host name could not be resolved right now",
    ECONNREFUSED: "the connection was refused",
    ECONNRESET: "the connection was reset",
    UND_ERR_CONNECT_TIMEOUT: "connecting timed out",
    UND_ERR_HEADERS_TIMEOUT: "no response headers in time",
    UND_ERR_BODY_TIMEOUT: "the body stopped arriving",
    UND_ERR_SOCKET: "the connection failed",
    CERT_HAS_EXPIRED: "its TLS certificate has expired",
    DEPTH_ZERO_SELF_SIGNED_CERT: "its TLS certificate is self-signed",
    ERR_TLS_CERT_ALTNAME_INVALID: "its TLS certificate does not match the host",
  };
  return (code && words[code]) ?? cause?.message ?? (e as Error)?.message ?? "unknown error";
}

function hasZstd(): boolean {
  // zlib gained zstd in Node 22.15/23.8; undici decodes it only where zlib can.
  return typeof (zlib as unknown as Record<string, unknown>).createZstdDecompress === "function";
}

function definedOnly(o: FetchOptions) {
  const out: { timeoutMs?: number; maxBodyBytes?: number; maxRedirects?: number } = {};
  if (o.timeoutMs !== undefined) out.timeoutMs = o.timeoutMs;
  if (o.maxBodyBytes !== undefined) out.maxBodyBytes = o.maxBodyBytes;
  if (o.maxRedirects !== undefined) out.maxRedirects = o.maxRedirects;
  return out;
}

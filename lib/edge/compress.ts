import { promisify } from "node:util";
import { gzip as gzipCallback } from "node:zlib";
import { COMPRESSIBLE, COMPRESS_THRESHOLD } from "@/lib/core/wire";
import { mergeVary, varyValues } from "./headers";

const gzip = promisify(gzipCallback);

/**
 * Compression of the answers the edge builds, as part of building them: a JSON or text body of
 * 1 KiB or more goes out gzipped to a client that takes gzip; an event stream is never held
 * back for a compressor. Pages and files are Next's to compress (it does); a route handler's
 * answer through Next goes out as Next sends it (tests/edge-battery.ts, DIFFERENCES).
 */

/** The q of each coding Accept-Encoding names (`*` included); a coding it does not name takes `*`'s, else 0. */
function codingQuality(header: string | string[] | null | undefined): (coding: string) => number {
  const q = new Map<string, number>();
  for (const part of String(header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name.trim()) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (!q.has(name.trim())) q.set(name.trim(), qp ? Number(qp.slice(2)) || 0 : 1);
  }
  return (coding) => q.get(coding) ?? q.get("*") ?? 0;
}

/** True when Accept-Encoding takes gzip (by name or `*`) with a q above 0. */
export function acceptsGzip(header: string | null | undefined): boolean {
  return codingQuality(header)("gzip") > 0;
}

/** The coding a client gets of a body kept in all three: br, else gzip, else none; q=0 refuses, `*` stands for any. */
export function chooseCoding(header: string | string[] | undefined): "br" | "gzip" | undefined {
  const of = codingQuality(header);
  if (of("br") > 0) return "br";
  return of("gzip") > 0 ? "gzip" : undefined;
}

/**
 * The gzip of a body sent before, made once: the 175-270 KB feeds and llms-full.txt would
 * otherwise be compressed on every request. Keyed by the answer's ETag and kept from its second
 * sighting, so one-off bodies (search results) never fill it; at most GZIP_CACHE_BYTES.
 */
const GZIP_CACHE_BYTES = 16 * 1024 * 1024;
const memo = new Map<string, Uint8Array | null>();
let memoBytes = 0;

/** Notes a gzip made for `tag`: its first sighting is only remembered as seen, its second keeps the bytes. */
function remember(tag: string, gz: Uint8Array): void {
  const seen = memo.has(tag);
  const bytes = seen ? gz.byteLength : 0;
  if (memoBytes + bytes > GZIP_CACHE_BYTES || memo.size >= 1024) {
    memo.clear();
    memoBytes = 0;
  }
  memo.set(tag, seen ? gz : null);
  memoBytes += bytes;
}

/** The memo's view of a tag: seen once (null), its gzip, or unseen (undefined). */
export function memoOf(tag: string): Uint8Array | null | undefined {
  return memo.get(tag);
}

/** An answer whose body is known whole (never an event stream): what goes on the wire. */
export interface Whole {
  status: number;
  headers: Headers;
  body: Uint8Array | null;
}

/**
 * A compressible type of 1 KiB or more is one of several representations: Vary names
 * Accept-Encoding whatever this request's (a shared cache must key even the identity answer
 * so, RFC 9110 §12.5.5), and a client that takes gzip gets it. The Response is not changed:
 * headers that differ are a copy.
 */
export async function encode(response: Response, acceptEncoding: string | null | undefined, head: boolean): Promise<Whole> {
  const { status, headers } = response;
  const type = headers.get("content-type") ?? "";
  const compressible = COMPRESSIBLE.test(type) && !headers.has("content-encoding");
  const tag = headers.get("etag");
  const wantsGzip = compressible && !head && acceptsGzip(acceptEncoding);
  // A body gzipped before: its bytes are not even read.
  const known = wantsGzip && tag !== null ? memo.get(tag) : undefined;
  if (known) {
    void response.body?.cancel().catch(() => {});
    return { status, headers: encoded(new Headers(headers)), body: known };
  }
  const body = response.body ? new Uint8Array(await response.arrayBuffer()) : null;
  if (!compressible || (body === null ? status !== 304 : body.byteLength < COMPRESS_THRESHOLD)) return { status, headers, body };
  const varied = withVary(new Headers(headers));
  if (!wantsGzip || body === null) return { status, headers: varied, body };
  const gz = new Uint8Array(await gzip(body));
  if (tag !== null) remember(tag, gz);
  return { status, headers: encoded(varied), body: gz };
}

function withVary(headers: Headers): Headers {
  headers.set("vary", mergeVary([...varyValues(headers.get("vary")), "Accept-Encoding"]));
  return headers;
}

/**
 * The gzip body is another representation, which may not share the identity body's strong
 * validator (RFC 9110 §8.8.3): it carries the weak form, as nginx's gzip does, and
 * If-None-Match's weak comparison (lib/core/response.ts) takes either.
 */
function encoded(headers: Headers): Headers {
  headers.set("content-encoding", "gzip");
  const tag = headers.get("etag");
  if (tag?.startsWith('"')) headers.set("etag", `W/${tag}`);
  return withVary(headers);
}

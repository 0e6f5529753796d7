import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress as brotliCallback, constants, gzip as gzipCallback } from "node:zlib";
import { etagMatches, etagOf } from "@/lib/core/memo";
import { COMPRESSIBLE, COMPRESS_THRESHOLD } from "@/lib/core/wire";
import { chooseCoding } from "./compress";
import { mergeVary, varyValues } from "./headers";
import type { HeaderRule } from "./security-headers";

const gzip = promisify(gzipCallback);
const brotli = promisify(brotliCallback);

/**
 * Pages served from memory (bench/NEXT.md, issue 45). A page whose HTML depends only on the
 * build and on what the server decided at start (a prerendered page, the home page, the tag
 * pages, /utilities, /lens without a query, the sitemap) is the same bytes for the life of
 * the process: Next renders it once, for the first plain GET, and the edge keeps the answer
 * (its headers, a strong ETag, the body in identity, gzip and br) and answers every later
 * request itself, with a 304 on If-None-Match. A page whose HTML shows store data (a live
 * feature's page) or the request (its Host) is rendered by Next every time, then held whole
 * here for its ETag and 304 (`hold`).
 *
 * Next's own requests never come here: an RSC navigation or prefetch (`RSC: 1`, `_rsc`, any
 * `Next-*` header), a query string, a method other than GET/HEAD go to Next as before.
 */

/** What is kept of one answer; the `headers` are Next's, less framing, date, HSTS, ETag and coding. */
export interface Remembered {
  status: number;
  headers: [string, string][];
  /** Strong, over the identity body; the encoded bodies carry its weak form. */
  etag: string;
  /** Whether the body has encoded forms: their validator is the weak one, a 304 included. */
  compressible: boolean;
  identity: Buffer;
  gzip: Buffer | undefined;
  br: Buffer | undefined;
}

/** Headers never kept: framing and date are Node's to write, HSTS depends on the request, the rest are set per answer. */
const NOT_KEPT = new Set([
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "strict-transport-security",
  "etag",
  "content-encoding",
]);

/** At most this many bytes (all three bodies of every page) are held; past it, pages go to Next as before. */
const MEMORY_BYTES = 96 * 1024 * 1024;

/** Whether a request asks for what Next renders as a page's HTML, nothing of its own (RSC, prefetch, actions). */
export function plainPageRequest(req: IncomingMessage, query: string): boolean {
  if (query !== "" || (req.method !== "GET" && req.method !== "HEAD")) return false;
  for (const name of Object.keys(req.headers)) if (name === "rsc" || name.startsWith("next-")) return false;
  return true;
}

/**
 * Builds what is kept of an answer, its bodies compressed: at their best for an answer kept
 * (`once`: done once per page), at a per-request cost for a live page's.
 */
export async function remember(
  status: number,
  headers: [string, string][],
  body: Buffer,
  { etag, once, codings = ["gzip", "br"] }: { etag?: string; once: boolean; codings?: readonly ("gzip" | "br")[] },
): Promise<Remembered> {
  const type = headers.find(([k]) => k === "content-type")?.[1] ?? "";
  const compressible = COMPRESSIBLE.test(type) && body.byteLength >= COMPRESS_THRESHOLD;
  const kept = headers.filter(([k]) => !NOT_KEPT.has(k));
  if (compressible) {
    const vary = kept.findIndex(([k]) => k === "vary");
    const merged = mergeVary([...varyValues(vary >= 0 ? kept[vary][1] : undefined), "Accept-Encoding"]);
    if (vary >= 0) kept[vary] = ["vary", merged];
    else kept.push(["vary", merged]);
  }
  const [gz, br] = await Promise.all([
    compressible && codings.includes("gzip") ? gzip(body, { level: once ? 9 : 6 }) : undefined,
    compressible && codings.includes("br")
      ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: once ? 11 : 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } })
      : undefined,
  ]);
  return { status, headers: kept, etag: etag?.startsWith('"') ? etag : etagOf(body), compressible, identity: body, gzip: gz, br };
}

/** Writes a remembered answer: the request's coding, its validator, a 304 when the client holds it. */
export function answer(
  entry: Remembered,
  req: IncomingMessage,
  res: ServerResponse,
  own: readonly HeaderRule[],
  overrides: Record<string, string> = {},
): void {
  const coding = chooseCoding(req.headers["accept-encoding"]);
  const body = coding === "br" ? entry.br : coding === "gzip" ? entry.gzip : undefined;
  for (const { key, value } of own) res.setHeader(key, value);
  for (const [k, v] of entry.headers) res.setHeader(k, v);
  for (const [k, v] of Object.entries(overrides)) res.setHeader(k, v);
  if (body) res.setHeader("content-encoding", coding as string);
  res.setHeader("etag", coding && entry.compressible ? `W/${entry.etag}` : entry.etag);
  if (entry.status === 200 && etagMatches(req.headers["if-none-match"], entry.etag)) {
    res.statusCode = 304;
    for (const h of ["content-type", "content-encoding", "content-length"]) res.removeHeader(h);
    res.end();
    return;
  }
  res.statusCode = entry.status;
  const bytes = body ?? entry.identity;
  res.setHeader("content-length", bytes.byteLength);
  if (req.method === "HEAD") res.end();
  else res.end(bytes);
}

/** The body Next writes onto `res`, and its head once it ends. `pass`: whether the bytes also go out as Next writes them. */
export function capture(
  res: ServerResponse,
  pass: boolean,
  done: (status: number, headers: [string, string][], body: Buffer) => void,
  /** Last changes to the head of an answer that goes out as Next writes it, while it is still unsent. */
  prepare?: () => void,
): void {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...a: unknown[]) => boolean;
  const end = res.end.bind(res) as (...a: unknown[]) => ServerResponse;
  const take = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(
      typeof chunk === "string"
        ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
        : Buffer.from(chunk as Uint8Array),
    );
  };
  const head = (): [string, string][] =>
    Object.entries(res.getHeaders()).flatMap(([k, v]) =>
      v === undefined ? [] : [[k, Array.isArray(v) ? v.join(", ") : String(v)] as [string, string]],
    );
  // Next writes the head (writeHead, flushHeaders) before its first chunk of a streamed render:
  // held, the head waits for the body, so its status and headers are only noted.
  const flush = res.flushHeaders.bind(res);
  const writeHead = res.writeHead.bind(res) as (...a: unknown[]) => ServerResponse;
  if (!pass) {
    res.flushHeaders = () => {};
    res.writeHead = ((status: number, ...rest: unknown[]) => {
      res.statusCode = status;
      const headers = rest.find((r) => r !== null && typeof r === "object");
      if (Array.isArray(headers))
        for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(String(headers[i]), headers[i + 1] as string);
      else if (headers) for (const [k, v] of Object.entries(headers)) if (v !== undefined) res.setHeader(k, v as string);
      return res;
    }) as ServerResponse["writeHead"];
  }
  const prepared = () => {
    if (prepare && !res.headersSent) prepare();
  };
  if (pass) {
    res.flushHeaders = () => {
      prepared();
      flush();
    };
  }
  res.write = ((chunk: unknown, encoding?: unknown, cb?: unknown) => {
    take(chunk, encoding);
    if (pass) {
      prepared();
      return write(chunk, encoding, cb);
    }
    if (typeof encoding === "function") (encoding as () => void)();
    else if (typeof cb === "function") (cb as () => void)();
    return true;
  }) as ServerResponse["write"];
  res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
    take(chunk, encoding);
    // Restored before `done`, which may write the held answer with them.
    res.write = write as ServerResponse["write"];
    res.end = end as ServerResponse["end"];
    res.flushHeaders = flush;
    res.writeHead = writeHead as ServerResponse["writeHead"];
    if (pass) {
      prepared();
      const headers = head();
      const status = res.statusCode;
      end(chunk, encoding, cb);
      done(status, headers, Buffer.concat(chunks));
    } else {
      if (typeof encoding === "function") (encoding as () => void)();
      else if (typeof cb === "function") (cb as () => void)();
      done(res.statusCode, head(), Buffer.concat(chunks));
    }
    return res;
  }) as ServerResponse["end"];
}

/** The pages kept, by path, within MEMORY_BYTES; one render at a time per path. */
export class PageMemory {
  private readonly entries = new Map<string, Remembered>();
  private readonly filling = new Set<string>();
  private bytes = 0;

  get(path: string): Remembered | undefined {
    return this.entries.get(path);
  }

  /** Whether this request should render the page for the memory (none is under way, room is left). */
  claim(path: string): boolean {
    if (this.filling.has(path) || this.bytes >= MEMORY_BYTES) return false;
    this.filling.add(path);
    return true;
  }

  release(path: string, entry: Remembered | undefined): void {
    this.filling.delete(path);
    if (!entry) return;
    const size = entry.identity.byteLength + (entry.gzip?.byteLength ?? 0) + (entry.br?.byteLength ?? 0);
    if (this.bytes + size > MEMORY_BYTES) return;
    this.entries.set(path, entry);
    this.bytes += size;
  }
}

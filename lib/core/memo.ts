import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { COMPRESS_THRESHOLD } from "./wire.mjs";

/** What the response builder computes once for bodies it sends again and again: gzip, ETags, JSON. */

/**
 * The gzip of a body sent before, made once: server.mjs's compressor would gzip the same
 * 175-270 KB feed or llms-full.txt on every request (a third of their throughput). A body
 * is compressed here the second time its ETag is seen, so one-off bodies (search results)
 * still stream through the compressor and never fill this cache; the cache holds at most
 * GZIP_CACHE_BYTES. The bytes are what the compressor would send; the ETag stays the body's,
 * as it does when the compressor encodes.
 */
const GZIP_CACHE_BYTES = 16 * 1024 * 1024;
const gzipped = new Map<string, Uint8Array | null>();
let gzippedBytes = 0;
export function gzippedOnce(tag: string, body: string | Uint8Array): Uint8Array | undefined {
  const hit = gzipped.get(tag);
  if (hit) return hit;
  const size = typeof body === "string" ? Buffer.byteLength(body) : body.byteLength;
  if (size < COMPRESS_THRESHOLD) return undefined;
  if (hit === undefined) {
    if (gzipped.size >= 1024) reset();
    gzipped.set(tag, null);
    return undefined;
  }
  const bytes = gzipSync(body);
  if (gzippedBytes + bytes.byteLength > GZIP_CACHE_BYTES) reset();
  gzipped.set(tag, bytes);
  gzippedBytes += bytes.byteLength;
  return bytes;
}
function reset() {
  gzipped.clear();
  gzippedBytes = 0;
}

// The same body is usually sent again and again (/openapi.json is one cached string per
// base URL, the feeds and llms.txt too): hash each once, not on every request. Keyed by the
// text (V8 keeps a string's hash, so a string the process already holds is found without
// reading it again); bytes are hashed each time, as a route may reuse and refill a buffer.
// At most TAG_CACHE_CHARS of text is held, however many different bodies pass.
const TAG_CACHE_CHARS = 8 * 1024 * 1024;
const tags = new Map<string, string>();
let tagChars = 0;
export function etagOf(body: string | Uint8Array): string {
  let tag = typeof body === "string" ? tags.get(body) : undefined;
  if (tag === undefined) {
    tag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
    if (typeof body === "string") {
      if (tagChars + body.length > TAG_CACHE_CHARS) {
        tags.clear();
        tagChars = 0;
      }
      tags.set(body, tag);
      tagChars += body.length;
    }
  }
  return tag;
}

// A frozen output (lib/content/endpoints.ts hands every request the same one) is serialized once.
const serialized = new WeakMap<object, string>();
export function toJson(data: unknown): string {
  if (!data || typeof data !== "object" || !Object.isFrozen(data)) return JSON.stringify(data);
  let s = serialized.get(data);
  if (s === undefined) serialized.set(data, (s = JSON.stringify(data)));
  return s;
}

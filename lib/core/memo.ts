import { createHash } from "node:crypto";

/** What the response builder computes once for bodies it sends again and again: ETags, JSON. */

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

/** If-None-Match's weak comparison (RFC 9110 §13.1.2): either form of the tag, or `*`. */
export function etagMatches(ifNoneMatch: string | string[] | null | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return String(ifNoneMatch)
    .split(",")
    .some((t) => {
      const v = t.trim().replace(/^W\//, "");
      return v === "*" || v === tag;
    });
}

import crypto from "node:crypto";
import { isIP } from "node:net";
import { env, type Env } from "@/lib/env";
import { FOREIGN_METHOD_HEADER, SOCKET_HEADER, STAMP_HEADER } from "./wire";

export { FOREIGN_METHOD_HEADER, MALFORMED_PATH_HEADER, SOCKET_HEADER, STAMP_HEADER } from "./wire";

/**
 * Who is calling, for rate limits. Only sources the operator trusts count:
 *  1. the header named in TRUST_PROXY_HEADER (behind a reverse proxy; right-most entry,
 *     because a proxy appends the address it saw after anything the client forged);
 *  2. on Vercel, `x-real-ip`, which the platform sets itself;
 *  3. the socket address, which the edge (lib/edge, what `npm start` runs) stamps into
 *     SOCKET_HEADER after deleting any client-sent x-site-* header.
 * A client-sent X-Forwarded-For is never read unless the operator named it, so forging
 * it buys no fresh budget. With none of these (e.g. plain `next start`), every caller
 * shares one budget: safe, if strict.
 */
export interface Caller {
  /** Opaque, stable per caller; never the raw address, so keys in the store hold no IPs. */
  key: string;
  source: "trusted-header" | "platform" | "socket" | "unidentified";
}

let warned = false;

/**
 * Whether the edge stamped this request. Under plain `next start` or on Vercel there is
 * no stamp, so a client-sent x-site-socket-ip (or any other x-site-* header) counts for nothing.
 */
export function stampedByServer(headers: Headers, e: Pick<Env, "SITE_SERVER_STAMP"> = env()): boolean {
  return e.SITE_SERVER_STAMP !== undefined && headers.get(STAMP_HEADER) === e.SITE_SERVER_STAMP;
}

/** The method the client sent, when the edge had to stand another in for it; else undefined. */
export function foreignMethod(headers: Headers, e: Pick<Env, "SITE_SERVER_STAMP"> = env()): string | undefined {
  const m = headers.get(FOREIGN_METHOD_HEADER);
  return m && stampedByServer(headers, e) ? m : undefined;
}

export function identifyCaller(headers: Headers, e: Pick<Env, "TRUST_PROXY_HEADER" | "VERCEL" | "SITE_SERVER_STAMP"> = env()): Caller {
  const pick = (): [string | undefined, Caller["source"]] => {
    if (e.TRUST_PROXY_HEADER) {
      const v = headers.get(e.TRUST_PROXY_HEADER);
      if (v) return [v.split(",").at(-1), "trusted-header"];
    }
    if (e.VERCEL) {
      const v = headers.get("x-real-ip") ?? headers.get("x-forwarded-for")?.split(",")[0];
      if (v) return [v, "platform"];
    }
    const socket = stampedByServer(headers, e) ? headers.get(SOCKET_HEADER) : null;
    if (socket) return [socket, "socket"];
    return [undefined, "unidentified"];
  };
  const [raw, source] = pick();
  if (source === "unidentified" && !warned) {
    warned = true;
    console.warn("[caller] no trusted client address (start with `npm start`, or set TRUST_PROXY_HEADER); all callers share one budget");
  }
  const address = raw ? normalizeAddress(raw) : "unidentified";
  return { key: keyOf(address), source };
}

// The key of an address is a SHA-256, taken on every request: a caller usually sends many,
// so the last few thousand keys are kept (in this process's memory only, like the limiter's
// own counters) and the map starts over when full, which bounds it whatever the traffic.
const KEY_MEMO_SIZE = 4096;
// crypto.hash (Node ≥ 20.12) is the one-shot form: no Hash object per call, about half the cost.
const sha256: (text: string) => string =
  typeof crypto.hash === "function"
    ? (text) => crypto.hash("sha256", text, "base64url")
    : (text) => crypto.createHash("sha256").update(text).digest("base64url");
const keyMemo = new Map<string, string>();
function keyOf(address: string): string {
  let key = keyMemo.get(address);
  if (key === undefined) {
    key = sha256(address).slice(0, 22);
    if (keyMemo.size >= KEY_MEMO_SIZE) keyMemo.clear();
    keyMemo.set(address, key);
  }
  return key;
}

/**
 * Canonical form of an address for counting: IPv4-mapped IPv6 becomes IPv4, and an IPv6
 * address counts by its /64, because one subscriber usually holds a whole /64.
 */
export function normalizeAddress(raw: string): string {
  let a = raw.trim().toLowerCase();
  if (a.startsWith("[")) a = a.slice(1, a.indexOf("]") > 0 ? a.indexOf("]") : undefined);
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(":"));
  if (a.startsWith("::ffff:") && isIP(a.slice(7)) === 4) a = a.slice(7);
  if (isIP(a) === 6) return `${expandIpv6(a).slice(0, 4).join(":")}::/64`;
  return a;
}

function expandIpv6(a: string): string[] {
  const zone = a.indexOf("%");
  if (zone >= 0) a = a.slice(0, zone);
  const [head, tail] = a.split("::");
  const h = head ? head.split(":") : [];
  const t = tail !== undefined && tail !== "" ? tail.split(":") : [];
  const fill = tail === undefined ? [] : Array(8 - h.length - t.length).fill("0");
  return [...h, ...fill, ...t].map((g) => g.replace(/^0+(?=.)/, ""));
}

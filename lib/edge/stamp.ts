import { randomBytes } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import {
  FOREIGN_METHOD_HEADER,
  MALFORMED_PATH_HEADER,
  PRIVATE_HEADER_PREFIX,
  REQUEST_HOST_HEADER,
  ROUTED_HEADER,
  ROUTED_VALUE,
  SOCKET_HEADER,
  STAMP_HEADER,
} from "@/lib/core/wire";

/**
 * Who the caller is, told to the app. Next passes a client-sent X-Forwarded-For through
 * unchanged, so headers alone cannot identify a caller: the edge deletes every private
 * (`x-site-*`) header a client sent, then stamps the socket address and the Host the client
 * used beside a secret only this process knows (SITE_SERVER_STAMP). The app trusts those
 * headers only with that secret (lib/core/caller.ts), so under `next start` or on Vercel,
 * where nothing stamps, a client-sent copy is worth nothing either.
 */

/** A fresh per-process secret. */
export function newStamp(): string {
  return randomBytes(16).toString("hex");
}

/** What the edge learned about a request that the app needs and a client must not say. */
export interface Stamped {
  socketAddress: string;
  /** The method the client sent, when another stands in for it (lib/edge/target.ts). */
  foreignMethod?: string;
  /** The target is no path of the site: the 404 handler answers 400. */
  malformed?: boolean;
}

/** Whether these headers came from this very process (a proxy.ts rewrite sent back over loopback), already stamped. */
export function stampedHere(headers: IncomingHttpHeaders, stamp: string): boolean {
  return headers[STAMP_HEADER] === stamp;
}

/**
 * Deletes a client's private headers and stamps this request's, in place: Next reads this
 * very object. (Each delete is checked first: a delete turns the object into a slow
 * dictionary for Next's many reads, and almost no request has any.)
 */
export function stampHeaders(headers: IncomingHttpHeaders, stamp: string, facts: Stamped): void {
  for (const name in headers) if (name.startsWith(PRIVATE_HEADER_PREFIX)) delete headers[name];
  headers[SOCKET_HEADER] = facts.socketAddress;
  headers[REQUEST_HOST_HEADER] = headers.host ?? "";
  headers[STAMP_HEADER] = stamp;
  if (facts.foreignMethod !== undefined) headers[FOREIGN_METHOD_HEADER] = facts.foreignMethod;
  if (facts.malformed) headers[MALFORMED_PATH_HEADER] = "1";
}

/** Marks a request the edge has routed itself, so proxy.ts does not run for it (lib/core/wire.ts says why no client can). */
export function markRouted(headers: IncomingHttpHeaders): void {
  headers[ROUTED_HEADER] = ROUTED_VALUE;
}

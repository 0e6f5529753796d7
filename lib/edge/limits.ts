import { ERROR_HEADERS, MAX_BODY_BYTES, errorBody } from "@/lib/core/wire";
import type { Env } from "@/lib/env";

/** How long a client may take, and how much it may send: decided before any handler runs. */

export interface Deadlines {
  /** For the request's headers, then for the whole request: a stalled client gets a 408 (lib/edge/raw.ts). */
  headersTimeout: number;
  requestTimeout: number;
  /** How often Node checks those two. */
  connectionsCheckingInterval: number;
  /** An idle keep-alive connection, longer than a load balancer's usual 60 s so it never closes first. */
  keepAliveTimeout: number;
  /**
   * A client may send its request and shut its sending side (`nc -N`, some proxies): the
   * answer still goes out. But a client that went away looks the same (its FIN), and its
   * request's work (a lens fetch) must stop: an answer not sent within this grace is cut,
   * which aborts that work. It covers a first /ask on a cold, loaded machine (model load
   * plus route compile).
   */
  halfCloseGraceMs: number;
}

export function deadlines(e: Pick<Env, "HEADERS_TIMEOUT_MS" | "REQUEST_TIMEOUT_MS">): Deadlines {
  return {
    headersTimeout: e.HEADERS_TIMEOUT_MS,
    requestTimeout: e.REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: 1000,
    keepAliveTimeout: 65_000,
    halfCloseGraceMs: 2_000,
  };
}

/**
 * Whether a declared body is larger than any endpoint takes: refused before anyone buffers it
 * (Next would hold up to 10 MB of it, even on a path that answers 405). A body sent without a
 * length is counted as it streams (lib/core/body.ts).
 */
export function declaredTooLarge(contentLength: string | undefined): boolean {
  return contentLength !== undefined && Number(contentLength) > MAX_BODY_BYTES;
}

/** The 400 for such a body; the connection closes behind it, since the body is never read. */
export function tooLargeResponse(): Response {
  const body = errorBody(400, {
    code: "bad_request",
    error: `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
    hint: "No endpoint takes a larger body.",
  });
  return new Response(body, { status: 400, headers: { ...ERROR_HEADERS, connection: "close" } });
}

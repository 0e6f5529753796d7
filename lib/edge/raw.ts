import { ERROR_HEADERS, errorBody, rawErrorResponse } from "@/lib/core/wire";

/**
 * Answers written before or outside any handler, in the spec's Error shape: requests Node's
 * parser refuses, CONNECT, and a failure of the edge or of Next itself.
 */

/** CONNECT never reaches a request handler: without this answer, Node drops the socket unanswered. */
export function connectAnswer(): string {
  return rawErrorResponse(405, {
    code: "method_not_allowed",
    error: "CONNECT is not served: this is not a proxy.",
    hint: "Use one of the methods in the Allow header.",
    headers: { allow: "GET, HEAD, OPTIONS" },
    extras: { allow: ["GET", "HEAD", "OPTIONS"] },
  });
}

/**
 * What Node itself refuses (unparseable, headers over its limit, too slow), answered while
 * the socket can still take it instead of Node's empty 400/431/408. Undefined: close quietly.
 */
export function clientErrorAnswer(code: string | undefined): string | undefined {
  if (code === "ECONNRESET") return undefined;
  const status = code === "HPE_HEADER_OVERFLOW" ? 431 : code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
  const error =
    status === 431
      ? "The request headers are too large."
      : status === 408
        ? "The request took too long to arrive."
        : "The request is not valid HTTP.";
  const hint =
    status === 431
      ? "The URL and headers together must fit in 16 KB: send long input in a POST body (POST /ask takes a long history as context.prev)."
      : "Send a well-formed HTTP/1.1 request.";
  return rawErrorResponse(status, { code: "bad_request", error, hint, headers: {} });
}

/**
 * Only reached when the edge, Next itself or the Node-to-Web bridge fails before any route
 * runs: the same Error shape and headers as the response builder's 500.
 */
export function internalErrorResponse(): Response {
  const body = errorBody(500, {
    code: "internal_error",
    error: "Something went wrong on our side.",
    hint: "Try again later; the failure was logged.",
  });
  return new Response(body, { status: 500, headers: ERROR_HEADERS });
}

/** The one line an owner reads when the port cannot be taken; undefined for any other failure. */
export function listenFailure(code: string | undefined, port: number, hostname: string): string | undefined {
  if (code === "EADDRINUSE")
    return `Port ${port} on ${hostname} is already in use (another npm start?). Stop it, or start on another port: PORT=${port + 1} npm start`;
  if (code === "EACCES") return `Port ${port} needs more privileges than this process has. Start on a port above 1023: PORT=3000 npm start`;
  return undefined;
}

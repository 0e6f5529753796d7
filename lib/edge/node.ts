import { ServerResponse, type IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import type { Whole } from "./compress";
import { mergeVary, varyValues } from "./headers";
import type { HeaderRule } from "./security-headers";

/**
 * Node's request and response, and the Web ones the app's handlers take and give: the
 * mechanical part of the adapter, kept apart from what the edge decides.
 */

/**
 * The standard Request a handler gets. `url` is the target the edge routed to (a twin's, when
 * Accept chose it); the headers are Node's, stamped by the edge. Its signal aborts only when
 * the client goes away before the answer is complete (Next's route handlers do the same).
 */
export function toRequest(req: IncomingMessage, res: ServerResponse, method: string, url: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const aborter = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) aborter.abort();
  });
  const hasBody = method !== "GET" && method !== "HEAD";
  const request = new Request(`http://localhost${url}`, {
    method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: "half" } : {}),
  } as RequestInit);
  // The signal itself, not passed to the constructor: a Request made with a signal follows it
  // through a listener and a FinalizationRegistry entry that, under sustained load, were
  // released more slowly than requests arrived (bench/HISTORY.md#edge-endpoints).
  Object.defineProperty(request, "signal", { value: aborter.signal });
  return request;
}

/** Framing is Node's to write (it knows the length it sends and whether it chunks). */
const FRAMING = new Set(["content-length", "transfer-encoding", "connection", "keep-alive"]);

/** The response head: the edge's own headers, then every header of the answer as it is, under Node's framing. */
function setHead(res: ServerResponse, status: number, headers: Headers, own: readonly HeaderRule[]): void {
  res.statusCode = status;
  for (const { key, value } of own) res.setHeader(key, value);
  headers.forEach((value, name) => {
    if (FRAMING.has(name) || name === "set-cookie") return;
    res.setHeader(name, value);
  });
  const cookies = headers.getSetCookie();
  if (cookies.length) res.setHeader("set-cookie", cookies);
  // Whether the connection stays open is Node's to decide from the request (a client's
  // Connection: close wins); an answer may only ask to close it (after a refused body).
  if (/\bclose\b/i.test(headers.get("connection") ?? "")) res.setHeader("connection", "close");
}

/** An answer known whole: one write, with its length. `own`: headers the edge adds (the security headers). */
export function writeWhole(answer: Whole, req: IncomingMessage, res: ServerResponse, own: readonly HeaderRule[] = []): void {
  setHead(res, answer.status, answer.headers, own);
  if (answer.body === null || req.method === "HEAD") res.end();
  else res.end(answer.body);
}

/** An event stream, written as it comes: each event leaves at once. */
export async function writeStream(
  response: Response,
  req: IncomingMessage,
  res: ServerResponse,
  own: readonly HeaderRule[] = [],
): Promise<void> {
  setHead(res, response.status, response.headers, own);
  if (!response.body || req.method === "HEAD") {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  res.once("close", () => void reader.cancel().catch(() => {}));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) return;
      if (!res.write(value)) await drained(res);
    }
    res.end();
  } catch (err) {
    // The body failed after the status went out: all that is left is to cut the connection.
    res.destroy(err as Error);
  }
}

/** Resolves when `res` can take more, or is gone. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done).off("close", done);
      resolve();
    };
    res.on("drain", done).on("close", done);
  });
}

/**
 * The response Next writes a page onto. A page's answer varies on Accept (its Markdown twin
 * is served at the same URL), which the edge says before Next renders; Next 16.4 then sets
 * its own Vary with setHeader, which would drop it (vercel/next.js#85999), and route handlers
 * append theirs as a second line. Here Vary is one list that every party adds to, as RFC 9110
 * §12.5.5 reads it: setting or appending Vary merges into one header. Nothing else differs
 * from Node's ServerResponse. tests/edge-battery.ts shows what `next start`, which has no such
 * response, sends, and fails once Next keeps a Vary it did not set.
 */
export class EdgeResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  override setHeader(name: string, value: number | string | readonly string[]): this {
    if (name.length === 4 && name.toLowerCase() === "vary") return super.setHeader(name, this.mergedVary(value));
    return super.setHeader(name, value);
  }

  override appendHeader(name: string, value: string | readonly string[]): this {
    if (name.length === 4 && name.toLowerCase() === "vary") return super.setHeader(name, this.mergedVary(value));
    return super.appendHeader(name, value);
  }

  private mergedVary(value: unknown): string {
    return mergeVary([...varyValues(this.getHeader("vary")), ...varyValues(value)]);
  }
}

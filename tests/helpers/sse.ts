import http from "node:http";
import { createParser, type EventSourceMessage } from "eventsource-parser";

export interface SseResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: EventSourceMessage[];
  ended: boolean;
}

/** Reads a whole event stream with a real SSE parser; `ended` says the server closed it. */
export function readSse(
  url: string,
  init: { method?: string; body?: string; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<SseResult> {
  return new Promise((resolve, reject) => {
    const events: EventSourceMessage[] = [];
    const parser = createParser({ onEvent: (e) => events.push(e) });
    const req = http.request(
      url,
      { method: init.method ?? "GET", headers: { accept: "text/event-stream", ...init.headers }, agent: false },
      (res) => {
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => parser.feed(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, events, ended: true }));
        res.on("error", reject);
      },
    );
    req.setTimeout(init.timeoutMs ?? 15_000, () => req.destroy(new Error("stream did not end in time")));
    req.on("error", reject);
    req.end(init.body);
  });
}

import http from "node:http";
import type { AddressInfo } from "node:net";

/** A loopback calendar feed that serves what the test sets: an ICS body, an HTTP error, garbage, or nothing at all. */
export interface CalendarFeed {
  url: string;
  mode: "ok" | "error" | "garbage" | "hang";
  ics: () => string;
  hits: number;
  close(): Promise<void>;
}

export async function startCalendarFeed(ics: () => string, port = 0): Promise<CalendarFeed> {
  const feed = { mode: "ok", ics, hits: 0 } as CalendarFeed;
  const server = http.createServer((req, res) => {
    feed.hits++;
    if (feed.mode === "hang") return; // never answers
    if (feed.mode === "error") return res.writeHead(500, { "content-type": "text/plain" }).end("internal error");
    if (feed.mode === "garbage")
      return res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Sign in to see this calendar</title>");
    res.writeHead(200, { "content-type": "text/calendar; charset=utf-8" }).end(feed.ics());
  });
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  feed.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/calendar.ics`;
  feed.close = () => {
    server.closeAllConnections();
    return new Promise<void>((r) => server.close(() => r()));
  };
  return feed;
}

/** An event at 10:00-11:00 New York time on `date` (YYYY-MM-DD), as a calendar app exports it. */
export function icsWithMeeting(date: string): string {
  const d = date.replace(/-/g, "");
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//test//feed//EN",
    "BEGIN:VEVENT",
    "UID:meeting@test",
    `DTSTART;TZID=America/New_York:${d}T100000`,
    `DTEND;TZID=America/New_York:${d}T110000`,
    "SUMMARY:Busy",
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

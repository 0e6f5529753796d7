import { TZDate } from "@date-fns/tz";
import { startMusicUpstreams, PLAYLIST_ID } from "../tests/helpers/music-upstreams";
import { withRedis } from "../tests/helpers/redis";
import { startCalendarFeed } from "../tests/helpers/calendar-feed";
import { busyIntervals, parseCalendar } from "../lib/coffee/calendar";
import { siteConfig } from "../site.config";
import { startBenchServer } from "./server";
import { compare, median, percentile, printComparison } from "./load";

/** 2,000 events over a year: weekly and daily recurrences with exceptions, all-day and one-off meetings. */
export function yearOfEvents(start: Date, n = 2000): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//bench//EN"];
  const fmt = (d: Date) => d.toISOString().replace(/[-:]/g, "").slice(0, 15) + "Z";
  for (let i = 0; i < n; i++) {
    const day = new Date(start.getTime() + (i % 365) * 86_400_000 + ((i * 37) % 8) * 3_600_000 + 13 * 3_600_000);
    lines.push("BEGIN:VEVENT", `UID:e${i}@bench`);
    if (i % 150 === 75)
      lines.push(`DTSTART;VALUE=DATE:${fmt(day).slice(0, 8)}`, `DTEND;VALUE=DATE:${fmt(new Date(day.getTime() + 86_400_000)).slice(0, 8)}`);
    else lines.push(`DTSTART:${fmt(day)}`, `DTEND:${fmt(new Date(day.getTime() + 45 * 60_000))}`);
    if (i % 40 === 0) lines.push("RRULE:FREQ=WEEKLY;COUNT=52", `EXDATE:${fmt(new Date(day.getTime() + 14 * 86_400_000))}`);
    else if (i % 97 === 0) lines.push("RRULE:FREQ=DAILY;COUNT=30");
    lines.push(`SUMMARY:Event ${i}`, "END:VEVENT");
  }
  lines.push("END:VCALENDAR", "");
  return lines.join("\r\n");
}

/**
 * (1) /rn/tracks served from the store's copy against /resume.json (a static artifact) in
 * the same server, alternating (target: within 10%). (2) Availability over a year-long
 * calendar of 2,000 events with recurrences: expanding and slotting per request, p99
 * (target: under 20 ms), and what each read of the feed costs (parse and expand, every 5 minutes).
 */
export async function benchMusicCoffee() {
  const music = await startMusicUpstreams({ tracks: 50 });
  const prefix = `bench-music-${Date.now()}`;
  await withRedis((c) => c.set(`${prefix}:rn:playlist`, JSON.stringify(PLAYLIST_ID)));
  const server = await startBenchServer({
    REDIS_URL: "redis://127.0.0.1:6379",
    STORE_PREFIX: prefix,
    TRUST_PROXY_HEADER: "x-bench-client",
    ...music.env,
  });
  try {
    const first = await fetch(`${server.base}/rn/tracks`);
    if (first.status !== 200) throw new Error(`/rn/tracks answered ${first.status}`);
    const r = await compare({ resume: `${server.base}/resume.json`, tracks: `${server.base}/rn/tracks` });
    printComparison("now playing: /rn/tracks from the cached copy vs /resume.json", r, "tracks", "resume", "target ≥ 0.90");
    console.log(`  music service reads during the run: ${music.hits.filter((h) => h.includes("/items")).length} (1 expected)`);
  } finally {
    await server.stop();
    await music.close();
  }

  const now = new Date();
  const ics = yearOfEvents(new TZDate(now.getTime(), siteConfig.timezone));
  const feed = await startCalendarFeed(() => ics);
  process.env.COFFEE_ICS_URL = feed.url; // read by env() on its first use, below
  try {
    const office = siteConfig.coffee;
    const to = new Date(now.getTime() + (office.horizonDays + 1) * 86_400_000);
    const cold: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      busyIntervals(parseCalendar(ics), now, to, siteConfig.timezone);
      cold.push(performance.now() - t);
    }
    const { availability } = await import("../lib/coffee/endpoint");
    let slots = (await availability("http://localhost")).slots.length; // the first request reads the feed
    const times: number[] = [];
    for (let i = 0; i < 500; i++) {
      const t = performance.now();
      slots = (await availability("http://localhost")).slots.length;
      times.push(performance.now() - t);
    }
    console.log(`\ncoffee: availability over a year-long calendar (2,000 events with recurrences, ${ics.length >> 10} KB)`);
    console.log(`  per feed read (every 5 min): parse + expand, median of 20   ${median(cold).toFixed(1)} ms`);
    console.log(
      `  per request, 500 runs: p50 ${median(times).toFixed(3)} ms   p99 ${percentile(times, 99).toFixed(3)} ms (target p99 < 20 ms); ${slots} slots`,
    );
  } finally {
    await feed.close();
  }
}

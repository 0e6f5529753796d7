/** Dates as a visitor reads them: "16 March 2024", in UTC so a day never shifts with the server's zone. */
const DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** "2024-03-16" (or a full ISO timestamp) → "16 March 2024"; undefined when it is no date. */
export function readableDate(iso: string): string | undefined {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T12:00:00Z` : iso;
  const d = new Date(day);
  return Number.isNaN(d.getTime()) ? undefined : DAY.format(d);
}

/** EXIF's "2024:03:16 14:05:00" → "2024-03-16" (the day only), or undefined. */
export function exifDay(value: unknown): string | undefined {
  const m = typeof value === "string" ? /^(\d{4}):(\d{2}):(\d{2})/.exec(value) : null;
  return m ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
}

const MONTH = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

/** "2021-03" (or a full day) → "March 2021": the precision a resume gives. */
export function readableMonth(iso: string): string | undefined {
  const m = /^(\d{4})-(\d{2})/.exec(iso);
  return m ? MONTH.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 15))) : /^\d{4}$/.test(iso) ? iso : undefined;
}

/**
 * True for "2021", "2021-03" or "2021-03-16" naming a day, month or year that exists. Date.parse
 * is no test: it takes "2024-02-30" as 1 March, and YAML and JSON Resume's pattern take month 13.
 */
export function isRealDate(s: string): boolean {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(s);
  if (!m) return false;
  const day = `${m[1]}-${m[2] ?? "01"}-${m[3] ?? "01"}`;
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

const MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December";
/**
 * A date as running text writes it: "15 September 2026", "15 September", "September 2026",
 * "September 15, 2026". Shown as one unit (`.date`, white-space: nowrap), so a line never
 * ends between its words.
 */
const DATE_IN_TEXT = new RegExp(`\\b(?:\\d{1,2} (?:${MONTHS})(?: \\d{4})?|(?:${MONTHS}) (?:\\d{1,2}, )?\\d{4})\\b`, "g");

/** Text cut at the dates it mentions: the odd parts are dates, the even ones the text between. */
export function splitDates(text: string): string[] {
  const parts: string[] = [];
  let last = 0;
  for (const m of text.matchAll(DATE_IN_TEXT)) {
    parts.push(text.slice(last, m.index), m[0]);
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return parts;
}

import { readableDate } from "@/lib/content/dates";

/** A date from front matter (YYYY-MM-DD) as a visitor reads it ("16 March 2024"), machine-readable in `datetime`. */
export function FormattedDate({ date }: { date: string }) {
  return <time dateTime={date}>{readableDate(date) ?? date}</time>;
}

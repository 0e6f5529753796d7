/** A date from front matter (YYYY-MM-DD), written out in the site's locale, in UTC so it never shifts a day. */
export function FormattedDate({ date }: { date: string }) {
  const text = new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  return <time dateTime={date}>{text}</time>;
}

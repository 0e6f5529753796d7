import { splitDates } from "@/lib/content/dates";

/** Text whose dates ("October 2026") never break across lines (lib/content/dates.ts, `.date` in globals.css). */
export function TextWithDates({ text }: { text: string }) {
  const parts = splitDates(text);
  if (parts.length === 1) return <>{text}</>;
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <span key={i} className="date">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}

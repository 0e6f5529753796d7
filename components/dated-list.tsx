import type { Doc } from "@/lib/content/types";
import { FormattedDate } from "./formatted-date";

/** A short list of recent pages: the date in a narrow column, the title beside it. */
export function DatedList({ docs }: { docs: Doc[] }) {
  return (
    <ul className="dated-list">
      {docs.map((d) => (
        <li key={d.url}>
          <a href={d.url} className="doc-link">
            {d.title}
          </a>
          {d.date ? <FormattedDate date={d.date} /> : null}
        </li>
      ))}
    </ul>
  );
}

import type { Doc } from "@/lib/content/types";
import { FormattedDate } from "./formatted-date";
import { TextWithDates } from "./text-with-dates";

export function DocList({ docs, showDates = true }: { docs: Doc[]; showDates?: boolean }) {
  return (
    <ul className="doc-list">
      {docs.map((d) => (
        <li key={d.url}>
          <a href={d.url} className="doc-link">
            {d.title}
          </a>
          {showDates && d.date ? (
            <span className="meta-line">
              {" "}
              · <FormattedDate date={d.date} />
            </span>
          ) : null}
          <p>
            <TextWithDates text={d.description} />
          </p>
        </li>
      ))}
    </ul>
  );
}

/** A titled card of name/value pairs, as a definition list laid out in a grid (see .spec-card). */
export function DefinitionGrid({
  id,
  title,
  rows,
  className = "",
}: {
  id: string;
  title: string;
  rows: [string, string][];
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={`spec-card ${className}`.trim()}>
      <h2 id={id}>{title}</h2>
      <dl>
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

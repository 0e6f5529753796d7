/** A link to one neighbour: where it leads and what it is called. */
export interface PagerLink {
  href: string;
  title: string;
}

/**
 * Previous and next in a collection (a gallery's photos, an index's essays), each with its
 * title, `rel` marking the direction for browsers and crawlers.
 */
export function Pager({ label, prev, next }: { label: string; prev?: PagerLink; next?: PagerLink }) {
  if (!prev && !next) return null;
  return (
    <nav className="pager" aria-label={label}>
      {prev ? (
        <a href={prev.href} rel="prev" className="pager-prev">
          <span className="pager-label">← Previous</span>
          <span className="pager-title">{prev.title}</span>
        </a>
      ) : null}
      {next ? (
        <a href={next.href} rel="next" className="pager-next">
          <span className="pager-label">Next →</span>
          <span className="pager-title">{next.title}</span>
        </a>
      ) : null}
    </nav>
  );
}

import { CONVENTIONS, DEFAULT_POLICY, offNote, type Guide, type GuideEndpoint } from "@/lib/surface/developer-guide";
import styles from "./developer-guide.module.css";

/** Backtick spans as <code>, the rest as text. */
function InlineCode({ text }: { text: string }) {
  return <>{text.split("`").map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}</>;
}

/** What the disclosure holds, named: "Details, 2 parameters (q, limit) and its 200"; past three parameters, their count only (a phone's line). */
function moreLabel(e: GuideEndpoint): string {
  const n = e.parameters.length;
  const names = n <= 3 ? ` (${e.parameters.map((p) => p.name).join(", ")})` : "";
  const params = n ? `, ${n === 1 ? "1 parameter" : `${n} parameters`}${names}` : "";
  const responses = e.responses.length ? ` and its ${e.responses.map((r) => r.status).join(", ")}` : "";
  return `Details${params}${responses}`;
}

export function DeveloperGuide({ guide }: { guide: Guide }) {
  const { base } = guide;
  return (
    <article className={styles.guide}>
      <h1>Developer guide</h1>
      <p className="lede">A keyless, read-only JSON API. No key, account or token: send plain HTTP requests.</p>
      <ul>
        <li>
          OpenAPI 3.1: <a href="/openapi.json">{base}/openapi.json</a>
        </li>
        <li>
          API catalog (RFC 9727): <a href="/.well-known/api-catalog">{base}/.well-known/api-catalog</a>
        </li>
        <li>
          MCP server: <code>{base}/mcp</code> — the same capabilities as tools for AI agents (server card:{" "}
          <a href="/mcp/server-card">/mcp/server-card</a>)
        </li>
        <li>
          Site map for agents: <a href="/llms.txt">/llms.txt</a>
        </li>
        <li>
          This guide as Markdown: <a href="/developers.md">/developers.md</a> (or send <code>Accept: text/markdown</code>)
        </li>
      </ul>

      <nav className={styles.toc} aria-labelledby="guide-toc-title">
        <h2 id="guide-toc-title">Contents</h2>
        <ol>
          <li>
            <a href="#conventions">Conventions</a>
          </li>
          <li>
            <a href="#rate-limits">Rate limits</a>
          </li>
          <li>
            <a href="#responses">Responses every endpoint may give</a>
          </li>
          {guide.groups.map((group) => (
            <li key={group.tag}>
              <a href={`#tag-${group.tag}`}>{group.title}</a>
              <ol>
                {group.endpoints.map((e) => (
                  <li key={e.operationId}>
                    <a href={`#${e.operationId}`}>
                      <code>
                        {e.method} {e.path}
                      </code>
                    </a>
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ol>
      </nav>

      <h2 id="conventions">Conventions</h2>
      <ul>
        {CONVENTIONS.map((c) => (
          <li key={c}>
            <InlineCode text={c} />
          </li>
        ))}
      </ul>

      <h2 id="rate-limits">Rate limits</h2>
      <p>
        Every endpoint spends the <code>{DEFAULT_POLICY}</code> budget unless its entry below names another.
      </p>
      <div className={styles.tableScroll} role="region" aria-label="Rate limits" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th>Policy</th>
              <th>Rule</th>
            </tr>
          </thead>
          <tbody>
            {guide.limits.map((l) => (
              <tr key={l.name}>
                <td>
                  <code>{l.name}</code>
                </td>
                <td>{l.rule}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2 id="responses">Responses every endpoint may give</h2>
      <p>Each endpoint below lists only the responses of its own, in its details.</p>
      <ul>
        {guide.shared.map((r) => (
          <li key={r.status}>
            <strong>{r.status}</strong>: <InlineCode text={r.description} />
          </li>
        ))}
      </ul>

      {guide.groups.map((group) => (
        // The section answers to its tag's plain name too: /developers#lens is in the lens
        // crawler's User-Agent and on /lens, and must land here.
        <section key={group.tag} id={group.tag} aria-labelledby={`tag-${group.tag}`}>
          <h2 id={`tag-${group.tag}`}>{group.title}</h2>
          <p>{group.description}</p>
          {group.endpoints.map((e) => (
            // What a reader needs to choose and call an endpoint stays in view: what it does, its
            // MCP tool, a limit when it is not the shared one, and a request to copy. The rest
            // (the whole description, each parameter, the responses of its own) is one click
            // away, in the page: found by the browser's search, open without JavaScript.
            <section key={e.operationId} className="endpoint" id={e.operationId}>
              <h3>
                <span className="method">{e.method}</span>
                <code>{e.path}</code>
              </h3>
              <p className={styles.what}>
                {e.summary}.{" "}
                <span className="meta-line">
                  {e.tool ? (
                    <>
                      MCP tool <code data-mcp-tool={e.tool}>{e.tool}</code>
                    </>
                  ) : (
                    e.operationId
                  )}
                  {e.policy === "none" ? " · no rate limit" : e.policy !== DEFAULT_POLICY ? ` · limit ${e.limit}` : ""}
                </span>
              </p>
              {e.off ? <p data-feature-off={e.off.name}>{offNote(e.off.label)}</p> : null}
              {/* Focusable: a long command scrolls sideways and must be reachable by keyboard. */}
              <pre tabIndex={0}>
                <code>{e.curl}</code>
              </pre>
              <details className={styles.more}>
                <summary>{moreLabel(e)}</summary>
                <p>
                  <InlineCode text={e.description} />
                </p>
                {e.parameters.length > 0 ? (
                  // A list, not a table: a name, its type and its rule stack on a phone with no empty cells.
                  <dl className={styles.params} aria-label={`Parameters of ${e.method} ${e.path}`}>
                    {e.parameters.map((p) => (
                      <div key={p.name}>
                        <dt>
                          <code>{p.name}</code>{" "}
                          <span className="meta-line">{[p.type, p.required ? "required" : ""].filter(Boolean).join(" ·\u00a0")}</span>
                        </dt>
                        {p.description ? (
                          <dd>
                            <InlineCode text={p.description} />
                          </dd>
                        ) : null}
                      </div>
                    ))}
                  </dl>
                ) : null}
                {e.responses.length > 0 ? (
                  <ul className={styles.responses} aria-label={`Responses of ${e.method} ${e.path} of its own`}>
                    {e.responses.map((r) => (
                      <li key={r.status}>
                        <strong>{r.status}</strong>: <InlineCode text={r.description} />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </details>
            </section>
          ))}
        </section>
      ))}
    </article>
  );
}

import type { LensObservation } from "@/lib/lens";

type Full = LensObservation & Required<Pick<LensObservation, "terms" | "readiness" | "agent" | "botViews">>;

const STATUS_WORD: Record<string, string> = { pass: "pass", fail: "fail", unknown: "unknown", neutral: "n/a" };

/** One observation as a person reads it: what came back, what crawlers may do and get, readiness, doors, cost. */
export function LensObservationView({ o }: { o: LensObservation }) {
  const full = o.readiness ? (o as Full) : null;
  const markdown = o.cost?.tiers.find((t) => t.key === "markdown") ?? o.cost?.tiers.find((t) => t.key === "text");
  const rate = o.cost?.rates[0];
  return (
    <div className="lens-result">
      <section aria-labelledby="lens-response">
        <h2 id="lens-response">Response</h2>
        <dl className="lens-facts">
          <dt>Status</dt>
          <dd>
            {o.status} {o.contentType || "(no content type)"} in {o.elapsedMs} ms
          </dd>
          {o.redirected ? (
            <>
              <dt>Ended at</dt>
              <dd className="wrap">{o.finalUrl}</dd>
            </>
          ) : null}
          <dt>Title</dt>
          <dd>{o.structured.title || "(none)"}</dd>
          <dt>Text</dt>
          <dd>
            {o.anatomy.wordCount.toLocaleString("en-US")} words, {o.anatomy.headings.length} headings, {o.anatomy.imgTotal} images (
            {o.anatomy.imgNoAlt} without alt)
          </dd>
          {markdown && rate ? (
            <>
              <dt>Reading cost</dt>
              <dd>
                {markdown.tokens.toLocaleString("en-US")} tokens as {markdown.key}, about $
                {((markdown.tokens * rate.usdPerMtok) / 1e6).toFixed(4)} per read at {rate.model}
              </dd>
            </>
          ) : null}
        </dl>
      </section>

      {full ? (
        <>
          <section aria-labelledby="lens-readiness">
            <h2 id="lens-readiness">Readiness</h2>
            <p className="lens-score">
              <strong>{full.readiness.overall}</strong>/100 · level {full.readiness.level} {full.readiness.levelName} · terms{" "}
              <strong>{full.terms.spectrum.tier}</strong> · field score {full.readiness.field.overall ?? "n/a"}
            </p>
            {full.readiness.levelNote ? <p>{full.readiness.levelNote}</p> : null}
            {full.readiness.nextActions.length ? (
              <>
                <h3>Next actions</h3>
                <ol>
                  {full.readiness.nextActions.map((a) => (
                    <li key={a.key}>{a.label}</li>
                  ))}
                </ol>
              </>
            ) : null}
            <div className="table-scroll">
              <table className="ledger-table">
                <caption>
                  Checks ({full.readiness.passed} of {full.readiness.counted} counted checks pass)
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Check</th>
                    <th scope="col">Result</th>
                    <th scope="col">Detail</th>
                  </tr>
                </thead>
                <tbody>
                  {Object.values(full.readiness.checks).map((c) => (
                    <tr key={c.key}>
                      <th scope="row">{c.label ?? c.key}</th>
                      <td className={`check-${c.status}`}>{STATUS_WORD[c.status]}</td>
                      <td className="wrap">{c.detail}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>

          <section aria-labelledby="lens-crawlers">
            <h2 id="lens-crawlers">What each crawler may read, and what it got</h2>
            <ul>
              {full.terms.spectrum.reasons.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
            <div className="table-scroll">
              <table className="ledger-table lens-crawlers">
                <caption>
                  robots.txt verdicts for {full.terms.path}, and the page fetched as each crawler (— = not fetched as this one)
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Crawler</th>
                    <th scope="col">Role</th>
                    <th scope="col">robots.txt</th>
                    <th scope="col">Served</th>
                  </tr>
                </thead>
                <tbody>
                  {full.terms.scoreboard.map((s) => {
                    const v = full.botViews.find((b) => b.label.toLowerCase() === s.ua.toLowerCase());
                    const served = !v
                      ? "—"
                      : v.status === null
                        ? `failed: ${v.error ?? "no answer"}`
                        : `${v.status}${v.challenge ? " challenge" : v.blocked ? " blocked" : ""}`;
                    return (
                      <tr key={s.ua}>
                        <th scope="row">
                          {s.ua} <span className="meta-line">{s.owner}</span>
                        </th>
                        <td>{s.kind}</td>
                        <td title={[s.matchedUa, s.rule].filter(Boolean).join(" → ") || s.note}>{s.verdict}</td>
                        <td>{served}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </section>

          <section aria-labelledby="lens-doors">
            <h2 id="lens-doors">Doors for agents</h2>
            <p>
              <strong>{full.agent.strategy.verdict}</strong>: {full.agent.strategy.note}
            </p>
            <ul>
              <li>
                MCP: {full.agent.mcp.verdict} ({full.agent.mcp.detail})
              </li>
              <li>
                NLWeb: {full.agent.nlweb.verdict} ({full.agent.nlweb.detail})
              </li>
              <li>
                Markdown: {full.agent.mdNegotiation.supported ? "served on request" : "not negotiated"} ({full.agent.mdNegotiation.note})
              </li>
              <li>llms.txt: {full.agent.llmsTxt.present ? "published" : "absent"}</li>
              <li>
                OpenAPI: {full.agent.openapi.present ? "published" : "absent"}; API catalog:{" "}
                {full.agent.apiCatalog.present ? "published" : "absent"}; A2A card: {full.agent.agentCard.present ? "published" : "absent"}
              </li>
              <li>WebMCP: {full.agent.webmcp.found ? `registers tools (${full.agent.webmcp.kind})` : "none"}</li>
            </ul>
          </section>
        </>
      ) : null}

      {o.ai.markdown ? (
        <section aria-labelledby="lens-markdown">
          <h2 id="lens-markdown">What a crawler reads</h2>
          <pre className="lens-markdown">
            {o.ai.markdown.slice(0, 3_000)}
            {o.ai.markdown.length > 3_000 ? "\n…" : ""}
          </pre>
        </section>
      ) : null}
    </div>
  );
}

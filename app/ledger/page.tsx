import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { isSitePage } from "@/lib/site/paths";
import { pageMetadata } from "@/lib/site/metadata";
import { pageMeta } from "@/lib/site/pages";
import { ledgerView, money } from "@/lib/ledger/view";
import { LedgerChart } from "@/components/ledger-chart";

export const metadata: Metadata = pageMetadata(pageMeta("/ledger"));

// Counts change with every crawler visit; read them per request.
export const dynamic = "force-dynamic";

export default async function LedgerPage() {
  // Its feature is off (lib/features): server.mjs and proxy.ts answer the 404 first; this covers `next dev`.
  if (!isSitePage("/ledger")) notFound();
  const view = await ledgerView();
  return (
    <>
      <h1>Crawler ledger</h1>
      <p className="lede">
        Every page of this site an AI crawler reads is counted by the crawler&rsquo;s User-Agent, and priced at one cent a page: a bill
        nobody pays, to show what the reading is worth. Also as <a href="/ledger.json">JSON</a>.
      </p>
      {view.state === "off" ? (
        <p role="status">Nothing has been counted yet.</p>
      ) : view.state === "unavailable" ? (
        <p role="status">The counts could not be read right now. Try again in a minute.</p>
      ) : (
        <>
          <p className="ledger-total">
            <strong>{money(view.ledger.usd)}</strong> for {view.ledger.pages} page{view.ledger.pages === 1 ? "" : "s"}{" "}
            <span className="meta-line">
              from {view.ledger.from} to {view.ledger.to}
            </span>
          </p>
          {view.ledger.pages === 0 ? (
            <p>No identified AI crawler has read a page in the last 30 days.</p>
          ) : (
            <>
              <LedgerChart ledger={view.ledger} />
              {/* A phone is narrower than five columns: the table scrolls in its own box, not the page. */}
              <div className="table-scroll" role="region" aria-label="Totals by crawler" tabIndex={0}>
                <table className="ledger-table">
                  <caption>Totals by crawler</caption>
                  <thead>
                    <tr>
                      <th scope="col">Crawler</th>
                      <th scope="col">Operator</th>
                      <th scope="col">Fetches for</th>
                      <th scope="col">Pages</th>
                      <th scope="col">Price</th>
                    </tr>
                  </thead>
                  <tbody>
                    {view.ledger.crawlers.map((c) => (
                      <tr key={c.token}>
                        <th scope="row">{c.token}</th>
                        <td>{c.owner}</td>
                        <td>{c.role}</td>
                        <td>{c.pages}</td>
                        <td>{money(c.usd)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
          <p className="meta-line">{view.ledger.note}</p>
        </>
      )}
    </>
  );
}

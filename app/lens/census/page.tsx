import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { isSitePage } from "@/lib/site/paths";
import { pageMetadata } from "@/lib/site/metadata";
import { pageMeta } from "@/lib/site/pages";
import { censusView, latest } from "@/lib/lens";
import { CensusChart } from "@/components/census-chart";
import type { FailedRun } from "@/lib/jobs/last-failure";

export const metadata: Metadata = pageMetadata(pageMeta("/lens/census"));

export const dynamic = "force-dynamic";

const minute = (iso: string) => iso.slice(0, 16).replace("T", " ");
const failedLine = (f: FailedRun) => `The census of ${minute(f.at)} UTC failed: ${f.reason}.`;

export default async function CensusPage() {
  // Its feature is off (lib/features): server.mjs and proxy.ts answer the 404 first; this covers `next dev`.
  if (!isSitePage("/lens/census")) notFound();
  const view = await censusView();
  return (
    <>
      <h1>Lens census</h1>
      <p className="lede">
        Every week <a href="/lens">lens</a> reads the home pages of {view.state === "ok" ? view.census.sites.length : 16} sites (publishers,
        documentation, shops, personal sites and sites built for agents) and records how ready each is for agents and what it tells AI
        crawlers. Also as <a href="/lens/census.json">JSON</a>.
      </p>
      {view.state === "unavailable" ? (
        <p role="status">The census could not be read right now. Try again in a minute.</p>
      ) : view.census.weeks.length === 0 ? (
        <>
          <p role="status">
            {view.census.lastFailure ? `${failedLine(view.census.lastFailure)} No census has been recorded yet` : "No census has run yet"}
            {view.census.nextRunAt ? `; the next is scheduled for ${minute(view.census.nextRunAt)} UTC` : ""}. These are the sites it
            follows:
          </p>
          <ul>
            {view.census.sites.map((s) => (
              <li key={s.key}>
                <a href={s.url}>{s.name}</a>{" "}
                <span className="meta-line">
                  ·&nbsp;{s.category} ·&nbsp;{s.why}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          {view.census.lastFailure ? (
            <p role="status">
              {failedLine(view.census.lastFailure)} What follows ends with week {view.census.weeks.at(-1)}, the last good one, unchanged.
            </p>
          ) : null}
          <CensusChart weeks={view.census.weeks} sites={view.census.sites} />
          <div className="table-scroll">
            <table className="ledger-table">
              <caption>
                Week {view.census.weeks.at(-1)}; {view.census.weeks.length} week{view.census.weeks.length === 1 ? "" : "s"} recorded, the
                newest {view.census.keptWeeks} kept.
              </caption>
              <thead>
                <tr>
                  <th scope="col">Site</th>
                  <th scope="col">Category</th>
                  <th scope="col">Score</th>
                  <th scope="col">Change</th>
                  <th scope="col">Level</th>
                  <th scope="col">Terms</th>
                </tr>
              </thead>
              <tbody>
                {view.census.sites.map((s) => {
                  const { last, delta } = latest(s.series);
                  return (
                    <tr key={s.key}>
                      <th scope="row">
                        <a href={`/lens?url=${encodeURIComponent(s.url)}`}>{s.name}</a>
                      </th>
                      <td>{s.category}</td>
                      <td>{last?.score ?? (last?.error ? "failed" : "—")}</td>
                      <td>{delta === null ? "—" : delta > 0 ? `+${delta}` : delta}</td>
                      <td>{last?.level ?? "—"}</td>
                      <td>{last?.tier ?? "—"}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}

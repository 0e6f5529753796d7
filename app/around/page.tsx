import { readableDate } from "@/lib/content/dates";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { isSitePage } from "@/lib/site/paths";
import { pageMetadata } from "@/lib/site/metadata";
import { pageMeta } from "@/lib/site/pages";
import { aroundView, describeChange } from "@/lib/around/view";
import { siteConfig } from "@/site.config";

export const metadata: Metadata = pageMetadata(pageMeta("/around"));

// Read from the store on every request: the crawl lands there, not in the build.
export const dynamic = "force-dynamic";

/** "25 November 2026, 06:00 UTC": the site's date style, with the time a crawl ran; one <time>, so it never breaks across lines. */
const when = (iso: string) => (
  <time dateTime={iso}>
    {`${readableDate(iso) ?? iso}, ${new Date(iso).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" })} UTC`}
  </time>
);

export default async function AroundPage() {
  // Its feature is off (lib/features): server.mjs and proxy.ts answer the 404 first; this covers `next dev`.
  if (!isSitePage("/around")) notFound();
  const view = await aroundView();
  return (
    <>
      <h1>Around</h1>
      <p className="lede">
        The homepages of {siteConfig.around.watches}, read once a day by this site&rsquo;s crawler, which asks each robots.txt first and
        keeps only what a homepage says about itself (status, title, description, a fingerprint of its text), never the page. Also as{" "}
        <a href="/around/json">JSON</a> and <a href="/around/changes.json">a change feed</a>.
      </p>
      {view.state === "unavailable" ? (
        <p role="status">The crawl record could not be read right now. Try again in a minute.</p>
      ) : view.state === "pending" ? (
        <section aria-labelledby="pending">
          <h2 id="pending">No crawl yet</h2>
          <p role="status">
            {view.lastFailure ? (
              <>
                The crawl of {when(view.lastFailure.at)} failed: {view.lastFailure.reason}.{" "}
              </>
            ) : null}
            {view.nextCrawlAt ? (
              <>
                The {view.lastFailure ? "next" : "first"} crawl is scheduled for {when(view.nextCrawlAt)}.
              </>
            ) : view.lastFailure ? null : (
              "Nothing has been crawled yet."
            )}
          </p>
          <ul className="doc-list">
            {view.firms.map((f) => (
              <li key={f.homepage}>
                <a href={f.homepage} className="doc-link" rel="external noopener">
                  {f.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <>
          <p className="meta-line">
            Last crawl {when(view.report.crawledAt)}: {view.report.counts.reached} of {view.report.counts.firms} reached,{" "}
            {view.report.counts.disallowed} closed by robots.txt, {view.report.counts.failed} unreadable.
          </p>
          {view.lastFailure ? (
            <p role="status">
              The crawl of {when(view.lastFailure.at)} failed: {view.lastFailure.reason}. What follows is the last good crawl, unchanged.
            </p>
          ) : null}
          <section aria-labelledby="firms">
            <h2 id="firms">The firms</h2>
            <ul className="doc-list around-firms">
              {view.report.firms.map((f) => (
                <li key={f.homepage}>
                  <a href={f.finalUrl ?? f.homepage} className="doc-link" rel="external noopener">
                    {f.name}
                  </a>{" "}
                  <span className="meta-line">
                    ·&nbsp;{f.status === null ? "not read" : `HTTP ${f.status}`} · robots.txt {f.robots.verdict}
                  </span>
                  {f.title ? <p>{f.title}</p> : null}
                  {f.description ? <p className="meta-line">{f.description}</p> : null}
                  {f.error ? <p className="meta-line">{f.error}</p> : null}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="changes">
            <h2 id="changes">Recent changes</h2>
            {view.changes.length === 0 ? (
              <p>Nothing has changed between crawls yet.</p>
            ) : (
              <ol className="doc-list around-changes">
                {view.changes.map((c, i) => (
                  <li key={`${c.detectedAt}-${c.homepage}-${c.field}-${i}`}>
                    <time dateTime={c.detectedAt}>{readableDate(c.detectedAt) ?? c.detectedAt.slice(0, 10)}</time> ·{" "}
                    <strong>{c.firm}</strong> ·&nbsp;{describeChange(c)}
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      )}
    </>
  );
}

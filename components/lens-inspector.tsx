import { budgetText, policies } from "@/lib/ratelimit/policies";
import type { LensObservation } from "@/lib/lens";
import type { PageCall } from "@/lib/site/page-call";
import { LensObservationView } from "@/components/lens-observation";
import { isSitePage } from "@/lib/site/paths";

/**
 * The inspector, a plain GET form (it works without JavaScript, and a result has a URL to share):
 * the form alone at /lens, prerendered; with its result for `/lens?url=…` (app/lens/result).
 */
export function LensInspector({ url, result }: { url: string; result: PageCall<LensObservation> | null }) {
  return (
    <>
      <h1>Lens</h1>
      <p className="lede">
        How a machine sees a public page: fetched by this site&rsquo;s crawler (its requests are <a href="/developers#lens">signed</a>),
        then re-read as each major AI crawler, with the site&rsquo;s robots.txt, terms and agent doors. Also as an{" "}
        <a href="/developers#lens">API</a> and an MCP tool. Compare two pages on <a href="/lens/compare">compare</a>
        {isSitePage("/lens/census") ? (
          <>
            ; the weekly <a href="/lens/census">census</a> follows 16 sites
          </>
        ) : null}
        .
      </p>
      <form
        action="/lens"
        method="get"
        className="search-form"
        role="search"
        aria-label="Inspect a URL"
        autoComplete="off"
        data-shows-query
      >
        <label htmlFor="url" className="visually-hidden">
          URL to inspect
        </label>
        <input
          id="url"
          name="url"
          type="text"
          inputMode="url"
          autoComplete="url"
          defaultValue={url}
          maxLength={2048}
          placeholder="example.com"
          required
        />
        <button type="submit">Inspect</button>
      </form>
      {result && !result.ok ? (
        <p role="alert" className="lens-error">
          {result.status === 429
            ? `The inspect budget (${budgetText(policies.inspect)}) is spent: try again in ${result.retryAfter ?? "a few"} seconds.`
            : result.error}{" "}
          <span className="meta-line">{result.status === 429 ? "" : result.hint}</span>
        </p>
      ) : null}
      {result?.ok ? (
        <>
          <p className="meta-line">
            {result.data.url} · <a href={`/lens/fetch?url=${encodeURIComponent(url)}`}>JSON</a>
          </p>
          <LensObservationView o={result.data} />
        </>
      ) : null}
    </>
  );
}

import { budgetText, policies } from "@/lib/ratelimit/policies";
import type { LensSummary } from "@/lib/lens";
import type { PageCall } from "@/lib/site/page-call";

export type Comparison = {
  left: LensSummary;
  right: LensSummary;
  differences: { field: string; left: unknown; right: unknown }[];
  summary: string;
  elapsedMs: number;
};

const ROWS: [keyof LensSummary, string][] = [
  ["status", "Status"],
  ["title", "Title"],
  ["wordCount", "Words"],
  ["readiness", "Readiness"],
  ["level", "Level"],
  ["fieldScore", "Field score"],
  ["tier", "Terms tier"],
  ["doors", "Agent doors"],
  ["strategy", "Strategy"],
  ["elapsedMs", "Time (ms)"],
];
const show = (v: unknown) => (v === null || v === undefined || v === "" ? "—" : String(v));

/**
 * Two pages side by side, a plain GET form: the form alone at /lens/compare, prerendered; with
 * both URLs' result for `/lens/compare?left=…&right=…` (app/lens/compare/result).
 */
export function LensCompare({ left, right, result }: { left: string; right: string; result: PageCall<Comparison> | null }) {
  const differs = new Set(result?.ok ? result.data.differences.map((d) => d.field) : []);
  return (
    <>
      <h1>Compare two pages</h1>
      <p className="lede">
        Both pages are inspected at once, as <a href="/lens">lens</a> does, and set side by side. Four comparisons a minute.
      </p>
      <form action="/lens/compare" method="get" className="compare-form" aria-label="Compare two URLs" autoComplete="off" data-shows-query>
        <label htmlFor="left">First URL</label>
        <input id="left" name="left" type="text" inputMode="url" defaultValue={left} maxLength={2048} placeholder="example.com" required />
        <label htmlFor="right">Second URL</label>
        <input
          id="right"
          name="right"
          type="text"
          inputMode="url"
          defaultValue={right}
          maxLength={2048}
          placeholder="example.org"
          required
        />
        <button type="submit">Compare</button>
      </form>
      {result && !result.ok ? (
        <p role="alert" className="lens-error">
          {result.status === 429
            ? `The compare budget (${budgetText(policies.compare)}) is spent: try again in ${result.retryAfter ?? "a few"} seconds.`
            : result.error}
        </p>
      ) : null}
      {result?.ok ? (
        <section aria-labelledby="compare-result">
          <h2 id="compare-result">{result.data.summary}</h2>
          <div className="table-scroll">
            <table className="ledger-table compare-table">
              <caption>Differences are marked; both sides took {result.data.elapsedMs} ms in all.</caption>
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col" className="wrap">
                    {result.data.left.url}
                  </th>
                  <th scope="col" className="wrap">
                    {result.data.right.url}
                  </th>
                </tr>
              </thead>
              <tbody>
                {ROWS.map(([key, label]) => (
                  <tr key={key} className={differs.has(key) ? "differs" : undefined}>
                    <th scope="row">
                      {label}
                      {differs.has(key) ? <span className="visually-hidden"> (differs)</span> : null}
                    </th>
                    <td>{show(result.data.left[key])}</td>
                    <td>{show(result.data.right[key])}</td>
                  </tr>
                ))}
                {Object.keys(result.data.left.surfaces).map((door) => (
                  <tr key={door} className={differs.has(`surfaces.${door}`) ? "differs" : undefined}>
                    <th scope="row">Door: {door}</th>
                    <td>{show(result.data.left.surfaces[door])}</td>
                    <td>{show(result.data.right.surfaces[door])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="meta-line">
            <a href={`/lens/compare.json?left=${encodeURIComponent(left)}&right=${encodeURIComponent(right)}`}>JSON</a>
          </p>
        </section>
      ) : null}
    </>
  );
}

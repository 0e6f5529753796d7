import type { Ledger } from "@/lib/ledger/endpoint";

/** Distinct in light and dark mode; crawlers past the palette share the last colour as "others". */
const PALETTE = ["#b45309", "#2563eb", "#059669", "#9333ea", "#dc2626", "#0891b2", "#ca8a04", "#78716c"];

/**
 * Pages per day as stacked bars, one colour per crawler, server-rendered SVG (no script).
 * The same numbers are in the table below it and in /ledger.json.
 */
export function LedgerChart({ ledger }: { ledger: Ledger }) {
  const named = ledger.crawlers.slice(0, PALETTE.length - 1).map((c) => c.token);
  const colour = (token: string) => PALETTE[named.indexOf(token)] ?? PALETTE[PALETTE.length - 1];
  const legend = [...named.map((t) => ({ label: t, fill: colour(t) }))];
  if (ledger.crawlers.length > named.length) legend.push({ label: "others", fill: PALETTE[PALETTE.length - 1] });
  const max = Math.max(1, ...ledger.days.map((d) => d.pages));
  const W = 600;
  const H = 180;
  const bar = W / ledger.days.length;
  return (
    <figure className="ledger-chart">
      <svg viewBox={`0 0 ${W} ${H + 20}`} role="img" aria-labelledby="ledger-chart-title" width="100%">
        <title id="ledger-chart-title">{`Pages read by AI crawlers per day, ${ledger.from} to ${ledger.to}; most in one day: ${max}.`}</title>
        {ledger.days.map((d, i) => {
          let y = H;
          return (
            <g key={d.date}>
              {Object.entries(d.crawlers)
                .sort((a, b) => named.indexOf(a[0]) - named.indexOf(b[0]))
                .map(([token, n]) => {
                  const h = (n / max) * (H - 4);
                  y -= h;
                  return (
                    <rect key={token} x={i * bar + 1} y={y} width={bar - 2} height={h} fill={colour(token)}>
                      <title>{`${d.date}: ${token} ${n}`}</title>
                    </rect>
                  );
                })}
            </g>
          );
        })}
        <line x1="0" y1={H} x2={W} y2={H} stroke="currentColor" strokeOpacity="0.3" />
        <text x="0" y={H + 16} fontSize="11" fill="currentColor">
          {ledger.from}
        </text>
        <text x={W} y={H + 16} fontSize="11" fill="currentColor" textAnchor="end">
          {ledger.to}
        </text>
      </svg>
      <figcaption>
        <ul className="ledger-legend">
          {legend.map((l) => (
            <li key={l.label}>
              <span className="swatch" style={{ background: l.fill }} aria-hidden="true" /> {l.label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

/** Distinct in light and dark mode, one per category. */
const CATEGORY_COLOUR: Record<string, string> = {
  publisher: "#b45309",
  docs: "#2563eb",
  shop: "#dc2626",
  personal: "#059669",
  "agent-native": "#9333ea",
};

type Site = { key: string; name: string; category: string; series: { week: string; score: number | null }[] };

/**
 * Readiness score per site over the recorded weeks, one line per site coloured by category,
 * server-rendered SVG (no script). The same numbers are in the table beside it and in /lens/census.json.
 */
export function CensusChart({ weeks, sites }: { weeks: string[]; sites: Site[] }) {
  const W = 600;
  const H = 200;
  const x = (i: number) => (weeks.length === 1 ? W / 2 : (i / (weeks.length - 1)) * (W - 20) + 10);
  const y = (score: number) => H - (score / 100) * (H - 10);
  return (
    <figure className="ledger-chart">
      <svg viewBox={`0 0 ${W} ${H + 20}`} role="img" aria-labelledby="census-chart-title" width="100%">
        <title id="census-chart-title">{`Readiness score (0 to 100) of ${sites.length} sites per week, ${weeks[0]} to ${weeks[weeks.length - 1]}.`}</title>
        {[0, 50, 100].map((s) => (
          <g key={s}>
            <line x1="0" x2={W} y1={y(s)} y2={y(s)} stroke="currentColor" strokeOpacity="0.15" />
            <text x="2" y={y(s) - 2} fontSize="10" fill="currentColor">
              {s}
            </text>
          </g>
        ))}
        {sites.map((site) => {
          const points = weeks
            .map((w, i) => {
              const p = site.series.find((s) => s.week === w);
              return p?.score === null || p?.score === undefined ? null : ([x(i), y(p.score)] as const);
            })
            .filter((p): p is readonly [number, number] => p !== null);
          const colour = CATEGORY_COLOUR[site.category] ?? "#78716c";
          return (
            <g key={site.key}>
              <polyline
                points={points.map((p) => p.join(",")).join(" ")}
                fill="none"
                stroke={colour}
                strokeWidth="1.5"
                strokeOpacity="0.8"
              />
              {points.map(([px, py], i) => (
                <circle key={i} cx={px} cy={py} r="2.5" fill={colour}>
                  <title>{`${site.name}: ${site.series[i]?.score ?? "?"}`}</title>
                </circle>
              ))}
            </g>
          );
        })}
        <text x="0" y={H + 16} fontSize="11" fill="currentColor">
          {weeks[0]}
        </text>
        <text x={W} y={H + 16} fontSize="11" fill="currentColor" textAnchor="end">
          {weeks[weeks.length - 1]}
        </text>
      </svg>
      <figcaption>
        <ul className="ledger-legend">
          {Object.entries(CATEGORY_COLOUR).map(([label, fill]) => (
            <li key={label}>
              <span className="swatch" style={{ background: fill }} aria-hidden="true" /> {label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

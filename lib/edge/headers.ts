/**
 * One `Vary` header. Next adds its own (rsc, next-router-*), a route adds Accept, compression
 * adds Accept-Encoding: sent as separate lines, a shared cache such as nginx keeps only the
 * last, and then serves HTML to a Markdown request and the other way round.
 */

/** The field names of Vary values, one or several lines, each possibly a list. */
export function varyValues(v: unknown): string[] {
  if (v === undefined || v === null) return [];
  return (Array.isArray(v) ? v : [v])
    .flatMap((x) => String(x).split(","))
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Unique field names, first spelling kept, as one value. */
export function mergeVary(values: readonly string[]): string {
  const seen = new Map<string, string>();
  for (const v of values) if (!seen.has(v.toLowerCase())) seen.set(v.toLowerCase(), v);
  return [...seen.values()].join(", ");
}

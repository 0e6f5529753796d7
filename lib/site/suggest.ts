/**
 * The most of a requested path that is compared: far longer than any real path, and it
 * bounds the edit distance's cost (characters × known paths' characters) whatever a client
 * sends; a path this long is no typo of a real one.
 */
export const MAX_COMPARED_CHARS = 128;

/**
 * The closest real paths to a path that does not exist: edit distance over the path (its
 * first MAX_COMPARED_CHARS characters), helped by shared segments, so `/developer` finds
 * `/developers` and `/openapi` finds `/openapi.json`.
 */
export function closestPaths(requested: string, known: readonly string[], max = 3): string[] {
  const want = normalize(requested.slice(0, MAX_COMPARED_CHARS));
  const wantSegments = new Set(want.split(/[/.\-_]/).filter((s) => s.length > 2));
  const scored = known.map((path) => {
    const have = normalize(path);
    const distance = levenshtein(want, have);
    const longest = Math.max(want.length, have.length, 1);
    let score = 1 - distance / longest;
    if (have.length > 1 && (want.startsWith(have) || have.startsWith(want))) score += 0.3;
    if (have.split(/[/.\-_]/).some((s) => wantSegments.has(s))) score += 0.2;
    return { path, score };
  });
  return scored
    .filter((s) => s.score >= 0.4)
    .sort((a, b) => b.score - a.score || a.path.length - b.path.length)
    .slice(0, max)
    .map((s) => s.path);
}

function normalize(p: string): string {
  return p.toLowerCase().replace(/\/+$/, "") || "/";
}

function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length];
}

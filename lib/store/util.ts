export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A hash reply as numbers; accepts an object or the raw flat [field, value, …] form. */
export function toNumberMap(row: Record<string, unknown> | unknown[] | null | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  const entries: [string, unknown][] = Array.isArray(row)
    ? Array.from({ length: Math.floor(row.length / 2) }, (_, i) => [String(row[2 * i]), row[2 * i + 1]])
    : Object.entries(row ?? {});
  for (const [k, v] of entries) {
    const n = Number(v);
    if (Number.isFinite(n)) out[k] = n;
  }
  return out;
}

/** Compare-and-delete in one step, so a holder never deletes a lease someone else took after it expired. */
export const RELEASE_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

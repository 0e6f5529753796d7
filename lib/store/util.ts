/** How late a timer may fire before the event loop counts as having been busy. */
const OVERDUE_MS = 20;

/**
 * `promise`, or a rejection once `ms` of the store's own time has passed. The deadline is
 * a timer on the event loop, so a long synchronous task makes it fire late, in the same
 * turn as a reply that arrived meanwhile, and timers run before the I/O that delivers it.
 * So the check waits one turn (a setImmediate runs after the I/O poll), and the time the
 * timer spent overdue, which was the loop's and not the store's, is given back once (up to
 * `ms`): a busy server does not mistake a healthy store for an outage, and a store that
 * really hangs still costs at most twice `ms`.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let extended = false;
    let timer: NodeJS.Timeout | undefined;
    const arm = (wait: number) => {
      const due = performance.now() + wait;
      timer = setTimeout(() => {
        const overdue = performance.now() - due;
        setImmediate(() => {
          if (settled) return;
          if (!extended && overdue > OVERDUE_MS) {
            extended = true;
            return arm(Math.min(overdue, ms));
          }
          settled = true;
          reject(new Error(`${what} timed out after ${ms} ms`));
        });
      }, wait);
    };
    arm(ms);
    promise.then(
      (value) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
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

/**
 * One log line when a store starts failing and one when it answers again, however many
 * requests meet the outage in between (a line per request buried the log during one).
 */
export function outageLog(name: string, log: (msg: string) => void) {
  let failing = false;
  return {
    failed<E extends Error>(err: E): E {
      if (!failing) log(`[store] ${err.message}; answering 503 where the store is needed until it answers again`);
      failing = true;
      return err;
    },
    answered(): void {
      if (failing) log(`[store] ${name} answers again`);
      failing = false;
    },
  };
}

/**
 * One instance per server process. Next bundles each route separately, so a module-level
 * `let` would give every route its own store connection and its own in-memory rate-limit
 * counters (a caller could then spend 120 reads on each route). globalThis is shared.
 */
export function processSingleton<T>(name: string, make: () => T): T {
  const key = Symbol.for(`site.singleton.${name}`);
  const g = globalThis as unknown as Record<symbol, T | undefined>;
  return (g[key] ??= make());
}

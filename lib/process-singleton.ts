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

/**
 * A base class for errors that cross bundles. Next bundles a module once per route (and once
 * for instrumentation), so an error created by one copy of a class and caught by another
 * fails a plain `instanceof`; objects held by processSingleton (a store, an in-flight
 * refresh) make that happen. `instanceof` on the returned class checks a process-wide brand.
 */
export function sharedErrorClass(name: string) {
  const brand = Symbol.for(`site.error.${name}`);
  return class SharedError extends Error {
    constructor(message: string, options?: { cause?: unknown }) {
      super(message, options);
      this.name = name;
      Object.defineProperty(this, brand, { value: true });
    }

    static [Symbol.hasInstance](value: unknown): boolean {
      return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[brand] === true;
    }
  };
}

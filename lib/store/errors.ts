const BRAND = Symbol.for("site.StoreUnavailableError");

/**
 * Raised by every store backend when it cannot answer, so callers (lib/core/invoke.ts) map
 * an outage to the spec's 503 storage_unavailable instead of a blanket 500.
 *
 * `instanceof` checks a process-wide brand, not the class: the store is one object per
 * process (lib/process-singleton.ts), but Next bundles this module once per route and once
 * for instrumentation, so the error a route catches may come from another copy of the class.
 */
export class StoreUnavailableError extends Error {
  readonly [BRAND] = true;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StoreUnavailableError";
  }

  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}

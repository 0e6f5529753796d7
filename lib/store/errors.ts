/**
 * Raised by every store backend when it cannot answer, so callers (lib/core/invoke.ts) map
 * an outage to the spec's 503 storage_unavailable instead of a blanket 500.
 */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StoreUnavailableError";
  }
}

import { sharedErrorClass } from "@/lib/process-singleton";

/**
 * Raised by every store backend when it cannot answer, so callers (lib/core/invoke.ts) map
 * an outage to the spec's 503 storage_unavailable instead of a blanket 500. The store is one
 * object per process, shared by every route's bundle: hence a shared error class.
 */
export class StoreUnavailableError extends sharedErrorClass("StoreUnavailableError") {}

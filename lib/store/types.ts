/**
 * The small set of operations the site's features need from a key-value store.
 * Values are JSON. Every backend throws `StoreUnavailableError` when it cannot answer,
 * so callers map an outage to the spec's 503 instead of crashing.
 */
export type StoreKind = "memory" | "redis" | "upstash";

export interface Store {
  readonly kind: StoreKind;
  getJson<T>(key: string): Promise<T | null>;
  setJson(key: string, value: unknown, options?: { ttlSeconds?: number }): Promise<void>;
  del(key: string): Promise<void>;
  /** Atomically add `by` to a hash field and (re)set the key's expiry in the same step. */
  hincrby(key: string, field: string, by: number, ttlSeconds: number): Promise<number>;
  /** Numeric hash fields of several keys in one round trip (missing keys give `{}`). */
  hgetallMany(keys: string[]): Promise<Record<string, number>[]>;
  /** Atomically push to the head of a list and keep only its newest `max` entries. */
  pushCapped(key: string, value: unknown, max: number): Promise<void>;
  /** Newest-first list entries, at most `count`. */
  listRecent<T>(key: string, count: number): Promise<T[]>;
  /**
   * Take a lease: set `key` to `token` only if it is absent, expiring after `ttlSeconds`.
   * True when this caller now holds it. The expiry frees a lease whose holder died.
   */
  acquire(key: string, token: string, ttlSeconds: number): Promise<boolean>;
  /** Give a lease back, only if `token` still holds it (a lease that expired and was retaken is left alone). */
  release(key: string, token: string): Promise<boolean>;
  /** Cheap reachability check. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

import type { Store } from "./types";

type Entry = { value: unknown; expiresAt: number };

/** In-process store: the default with nothing configured. State lives and dies with the process. */
export function createMemoryStore(now: () => number = Date.now): Store {
  const data = new Map<string, Entry>();

  const live = (key: string): Entry | undefined => {
    const e = data.get(key);
    if (e && e.expiresAt <= now()) {
      data.delete(key);
      return undefined;
    }
    return e;
  };
  const expiry = (ttlSeconds?: number) => (ttlSeconds ? now() + ttlSeconds * 1000 : Infinity);
  // JSON round trip so callers get the same isolation as with a networked store.
  const clone = <T>(v: unknown): T => JSON.parse(JSON.stringify(v)) as T;

  return {
    kind: "memory",
    async getJson<T>(key: string) {
      const e = live(key);
      return e ? clone<T>(e.value) : null;
    },
    async setJson(key, value, options) {
      data.set(key, { value: clone(value), expiresAt: expiry(options?.ttlSeconds) });
    },
    async del(key) {
      data.delete(key);
    },
    async hincrby(key, field, by, ttlSeconds) {
      const hash = (live(key)?.value as Record<string, number> | undefined) ?? {};
      hash[field] = (hash[field] ?? 0) + by;
      data.set(key, { value: hash, expiresAt: expiry(ttlSeconds) });
      return hash[field];
    },
    async hgetallMany(keys) {
      return keys.map((k) => ({ ...((live(k)?.value as Record<string, number> | undefined) ?? {}) }));
    },
    async pushCapped(key, value, max) {
      const list = (live(key)?.value as unknown[] | undefined) ?? [];
      list.unshift(clone(value));
      list.length = Math.min(list.length, max);
      data.set(key, { value: list, expiresAt: Infinity });
    },
    async listRecent<T>(key: string, count: number) {
      const list = (live(key)?.value as unknown[] | undefined) ?? [];
      return clone<T[]>(list.slice(0, count));
    },
    async acquire(key, token, ttlSeconds) {
      if (live(key)) return false;
      data.set(key, { value: token, expiresAt: expiry(ttlSeconds) });
      return true;
    },
    async release(key, token) {
      if (live(key)?.value !== token) return false;
      data.delete(key);
      return true;
    },
    async ping() {},
    async close() {
      data.clear();
    },
  };
}

import { buildSingleton } from "@/lib/build-output";

/**
 * One value per base URL, made once: the same string (or frozen object) for every request,
 * so the response layer hashes its ETag and serializes it once too (lib/core/memo.ts) instead
 * of rebuilding it per request (a 270 KB text, or a 10 KB resume through JSON.stringify). A
 * few bases at most (the site's own, or each Host the site was reached by when SITE_URL is
 * unset); more start the map afresh.
 */
export function perBase<T>(name: string, base: string, make: (base: string) => T): T {
  const m = buildSingleton(`per-base:${name}`, () => new Map<string, T>());
  let v = m.get(base);
  if (v === undefined) {
    if (m.size >= 16) m.clear();
    m.set(base, (v = make(base)));
  }
  return v;
}

/** Freezes a parsed JSON value all the way down: every request shares it, and nothing may change it. */
export function deepFreeze<T>(v: T): T {
  if (v && typeof v === "object" && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}

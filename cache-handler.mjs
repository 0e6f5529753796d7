// @ts-check
// Next's cache of rendered pages (next.config.ts `cacheHandler`), under `npm start`, `next start`
// and `next build` alike: Next's own file-system cache, except in a server whose features were
// decided otherwise than the build's (lib/features, announceFeatures). `next build` prerenders
// the pages that list the live features (the home page, the tag pages, /utilities, the sitemap)
// with the build's decision; a server deciding otherwise must not serve those copies. There,
// nothing is read from the build's prerendered pages: Next renders each page at its first request
// (as it does a page missing from the cache) and keeps it here, in this process's memory, never
// on disk, where another server may read the same build. Every page, not only those lists: the
// cost is one render per page per process, and no list of pages to keep up to date.
// Plain JS, like server.mjs: Next loads this file itself, uncompiled.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
/** @type {any} */
const FileSystemCache = require("next/dist/server/lib/incremental-cache/file-system-cache.js").default;

/** Set at start by instrumentation.ts (lib/features PRERENDER_STALE_GLOBAL). */
const STALE = Symbol.for("site.prerender-stale");
const RENDERED = new Set(["APP_PAGE", "APP_ROUTE"]);

/**
 * Whether this process must not read the build's copy of a page. Before the server has decided
 * (no record yet), it must not either; the build itself prerenders as always.
 */
function stale(/** @type {string | undefined} */ kind) {
  if (!kind || !RENDERED.has(kind) || process.env.NEXT_PHASE === "phase-production-build") return false;
  return /** @type {Record<symbol, unknown>} */ (globalThis)[STALE] !== false;
}

/** @type {Map<string, { value: unknown, lastModified: number, cacheControl: unknown }>} */
const rendered = new Map();

export default class SiteCache extends FileSystemCache {
  /** @param {string} key @param {{ kind?: string }} ctx */
  async get(key, ctx) {
    if (stale(ctx?.kind)) return rendered.get(key) ?? null;
    return super.get(key, ctx);
  }

  /** @param {string} key @param {{ kind?: string } | null} data @param {{ cacheControl?: unknown }} ctx */
  async set(key, data, ctx) {
    if (stale(data?.kind)) {
      if (data) rendered.set(key, { value: data, lastModified: Date.now(), cacheControl: ctx?.cacheControl });
      else rendered.delete(key);
      return;
    }
    return super.set(key, data, ctx);
  }
}

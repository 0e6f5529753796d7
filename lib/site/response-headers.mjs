// The last word on a few response headers, applied by server.mjs as the response goes out
// (after Next and the route have set theirs). Plain JavaScript, like server.mjs.
//
// - One `Vary` header: Next adds its own (rsc, next-router-*), a route adds Accept, the
//   compressor adds Accept-Encoding. Sent as separate lines, a shared cache such as nginx
//   keeps only the last, and then serves HTML to a Markdown request and the other way round.
// - Pages and their Markdown twins say `Vary: Accept` whatever the request's Accept.
// - A page's HTML links its twin (`Link: <…>; rel="alternate"; type="text/markdown"`) and is
//   cached briefly by shared caches and revalidated by browsers (ETag), instead of Next's
//   default `s-maxage=31536000` for prerendered pages, which would outlive a redeploy.

import { COMPRESSIBLE, ENCODED_HEADER } from "../core/wire.mjs";

/** Cache-Control of a page's HTML: browsers revalidate (the ETag makes that a 304), shared caches keep it 5 minutes. */
export const PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=300, must-revalidate";

/** @param {unknown} v @returns {string[]} */
function varyValues(v) {
  if (v === undefined || v === null) return [];
  return (Array.isArray(v) ? v : [v])
    .flatMap((x) => String(x).split(","))
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Unique header names, first spelling kept. @param {string[]} values */
export function mergeVary(values) {
  const seen = new Map();
  for (const v of values) if (!seen.has(v.toLowerCase())) seen.set(v.toLowerCase(), v);
  return [...seen.values()].join(", ");
}

/**
 * Wraps `res.writeHead` (Node calls it for implicit headers too) to settle Vary, Link and
 * Cache-Control. `page`: the twin path of the page this request asked for, when it is a page;
 * `negotiated`: the answer depends on Accept (a page or a twin).
 * @param {import("node:http").ServerResponse} res
 * `link`: a `Link` value this answer carries whatever its status (the home page's, when
 * proxy.ts did not run).
 * `varyEncoding`: the compressor was skipped (the client accepts no encoding), so the
 * `Vary: Accept-Encoding` it would have added to a compressible answer is added here: the
 * identity answer is still one of several representations, and a shared cache must key it so.
 * @param {{ negotiated: boolean; twinPath?: string; link?: string; varyEncoding?: boolean }} o
 */
export function settleHeaders(res, o) {
  const writeHead = res.writeHead;
  // @ts-expect-error Node's overloads: (status, headers?) or (status, reason, headers?)
  res.writeHead = function settled(status, ...rest) {
    const i = typeof rest[0] === "string" ? 1 : 0;
    const given = rest[i];
    const current = res.getHeader("vary");
    const vary = [];
    if (Array.isArray(given)) {
      // Raw [name, value, name, value…] pairs.
      for (let k = given.length - 2; k >= 0; k -= 2) {
        if (String(given[k]).toLowerCase() === "vary") {
          vary.push(...varyValues(given[k + 1]));
          given.splice(k, 2);
        }
      }
    } else if (given && typeof given === "object") {
      for (const name of Object.keys(given))
        if (name.toLowerCase() === "vary") {
          vary.push(...varyValues(given[name]));
          delete given[name];
        }
    }
    const type = String(
      res.getHeader("content-type") ?? (given && !Array.isArray(given) ? (given["content-type"] ?? given["Content-Type"] ?? "") : ""),
    );
    const encoded = res.getHeader(ENCODED_HEADER);
    // What the compressor's filter (server.mjs) would have let through: a compressible type the
    // route did not mark (a route's own gzip, or "identity" for a body too small to compress).
    const varyEncoding = o.varyEncoding === true && encoded === undefined && COMPRESSIBLE.test(type);
    // One Vary line set by one party (Next's own on an API answer, kept as a one-element
    // array by appendHeader) is already what goes out: merging is only for two or more, or a
    // page's Accept.
    if (o.negotiated || varyEncoding || vary.length || (Array.isArray(current) && current.length > 1)) {
      vary.unshift(...varyValues(current));
      if (o.negotiated) vary.push("Accept");
      if (varyEncoding) vary.push("Accept-Encoding");
      if (vary.length) res.setHeader("Vary", mergeVary(vary));
    }
    if (o.link) {
      const existing = res.getHeader("link");
      res.setHeader("Link", existing ? `${existing}, ${o.link}` : o.link);
    }
    if (o.twinPath && status === 200 && type.startsWith("text/html")) {
      const link = `<${o.twinPath}>; rel="alternate"; type="text/markdown"`;
      const existing = res.getHeader("link");
      res.setHeader("Link", existing ? `${existing}, ${link}` : link);
      const cache = String(res.getHeader("cache-control") ?? "");
      if (!cache || /s-maxage=31536000/.test(cache)) res.setHeader("Cache-Control", PAGE_CACHE_CONTROL);
    }
    // A body the route gzipped itself (lib/core/http.ts; Next would drop its Content-Encoding).
    // "identity": a body too small to compress, left alone by server.mjs's compressor.
    // (Next sets a route's headers with appendHeader, so the value can arrive as an array.)
    if (encoded !== undefined) {
      res.removeHeader(ENCODED_HEADER);
      const value = String(Array.isArray(encoded) ? encoded[0] : encoded);
      if (value !== "identity") res.setHeader("Content-Encoding", value);
    }
    // A body encoded on its way out (the compressor, Next's own for a page) is another
    // representation than the one its ETag was computed over: the weak form, which may be
    // shared (RFC 9110 §8.8.3); If-None-Match compares weakly, so 304s still follow.
    const coding = res.getHeader("content-encoding") ?? (given && !Array.isArray(given) ? given["content-encoding"] : undefined);
    if (coding && String(coding) !== "identity") {
      const etag = res.getHeader("etag");
      if (typeof etag === "string" && etag.startsWith('"')) res.setHeader("ETag", `W/${etag}`);
      else if (given && !Array.isArray(given))
        for (const name of Object.keys(given))
          if (name.toLowerCase() === "etag" && String(given[name]).startsWith('"')) given[name] = `W/${given[name]}`;
    }
    return writeHead.call(this, status, ...rest);
  };
}

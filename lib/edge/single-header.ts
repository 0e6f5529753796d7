import { ServerResponse } from "node:http";

const PATCHED = Symbol.for("site.single-header-values");

/**
 * Next (16.4) copies a route handler's headers onto Node's response with its own
 * `appendHeader`, which always stores an array, even of one value. Next's compression (the
 * `compression` package, under `next start`) then reads `Content-Type` as an array, finds it
 * not compressible, and sends every route handler's answer in identity: robots.txt, the
 * sitemap, llms.txt and the JSON API, where pages are gzipped. Storing a one-value array as
 * that value (what Node's own `appendHeader` does, and what goes on the wire either way) lets
 * the compressor see the type. Once per process; set-cookie keeps its array.
 */
export function keepSingleHeaderValuesPlain(): void {
  const proto = ServerResponse.prototype as ServerResponse & { [PATCHED]?: true };
  if (proto[PATCHED]) return;
  const setHeader = proto.setHeader;
  proto.setHeader = function (this: ServerResponse, name: string, value: number | string | readonly string[]) {
    const single = Array.isArray(value) && value.length === 1 && name.toLowerCase() !== "set-cookie";
    return setHeader.call(this, name, single ? (value as readonly string[])[0] : value);
  } as typeof proto.setHeader;
  proto[PATCHED] = true;
}

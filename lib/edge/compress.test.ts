import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, encode, memoOf } from "./compress";

const big = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, text: "the same words again" })) });
const json = (body: string | null, headers: Record<string, string> = {}, status = 200) =>
  new Response(body, { status, headers: { "content-type": "application/json; charset=utf-8", vary: "Accept", ...headers } });
const text = (b: Uint8Array | null) => (b === null ? "" : Buffer.from(b).toString());

describe("encode", () => {
  it("gzips a compressible body of 1 KiB or more for a client that takes it, to the same bytes, in one Vary", async () => {
    const out = await encode(json(big), "gzip, deflate, br", false);
    expect(out.headers.get("content-encoding")).toBe("gzip");
    expect(out.headers.get("vary")).toBe("Accept, Accept-Encoding");
    expect(gunzipSync(out.body!).toString()).toBe(big);
    expect(out.body!.byteLength).toBeLessThan(big.length / 2);
  });

  it("names Accept-Encoding in Vary on the identity answer too", async () => {
    for (const accept of [undefined, "identity", "gzip;q=0, br"]) {
      const out = await encode(json(big), accept, false);
      expect(out.headers.get("content-encoding"), accept).toBeNull();
      expect(out.headers.get("vary"), accept).toBe("Accept, Accept-Encoding");
      expect(text(out.body)).toBe(big);
    }
  });

  it("leaves a small body, an image and an answer already encoded as they are", async () => {
    const small = await encode(json('{"ok":true}'), "gzip", false);
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(small.headers.get("vary")).toBe("Accept");
    expect(text(small.body)).toBe('{"ok":true}');
    const png = await encode(new Response(new Uint8Array(4096), { headers: { "content-type": "image/png" } }), "gzip", false);
    expect(png.headers.get("content-encoding")).toBeNull();
    expect(png.headers.get("vary")).toBeNull();
    const done = await encode(json(big, { "content-encoding": "br" }), "gzip", false);
    expect(done.headers.get("content-encoding")).toBe("br");
  });

  it("sends no body on HEAD and keeps a 304's Vary", async () => {
    const head = await encode(new Response(null, { headers: { "content-type": "application/json" } }), "gzip", true);
    expect(head.body).toBeNull();
    expect(head.headers.get("content-encoding")).toBeNull();
    const notModified = await encode(json(null, { etag: '"t"' }, 304), "gzip", false);
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("vary")).toBe("Accept, Accept-Encoding");
  });

  it("keeps the gzip of a body sent again from its second sighting, by its ETag, and sends the same bytes", async () => {
    const tag = `"memo-${Date.now()}"`;
    const first = await encode(json(big, { etag: tag }), "gzip", false);
    expect(memoOf(tag)).toBeNull();
    const second = await encode(json(big, { etag: tag }), "gzip", false);
    expect(memoOf(tag)).toEqual(second.body);
    // The third is the remembered bytes: its body is not even read.
    const third = await encode(json("not read", { etag: tag }), "gzip", false);
    expect(third.body).toBe(memoOf(tag));
    expect(gunzipSync(first.body!).toString()).toBe(big);
    expect(third.headers.get("vary")).toBe("Accept, Accept-Encoding");
    // The gzip is another representation: the weak form of the identity body's ETag (RFC 9110 §8.8.3).
    expect(third.headers.get("etag")).toBe(`W/${tag}`);
    expect(first.headers.get("etag")).toBe(`W/${tag}`);
  });
});

describe("acceptsGzip", () => {
  it("reads Accept-Encoding's q values", () => {
    expect(acceptsGzip("gzip")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(acceptsGzip("GZIP;Q=0")).toBe(false);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("*;q=0.5, gzip;q=0")).toBe(false);
    expect(acceptsGzip("br, identity")).toBe(false);
    expect(acceptsGzip(null)).toBe(false);
  });
});

import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { route } from "./route";
import { successResponse, acceptsGzip } from "./response";
import { ENCODED_HEADER } from "./wire.mjs";

/** The response builder's own rules, for routes that are not endpoints (cron, twins, MCP). */
const request = (method: string, headers: Record<string, string> = {}) =>
  new Request("http://127.0.0.1:3000/api/cron/job", { method, headers });

const handlers = (secret: string | undefined) =>
  route({ path: "/api/cron/job", methods: ["GET"], secret: () => secret }, async () => ({
    body: '{"ran":true}',
    media: "application/json",
    cache: "no-store",
  }));

describe("route() guarded by a secret", () => {
  it("refuses every call while no secret is configured", async () => {
    const r = await handlers(undefined).GET(request("GET", { authorization: "Bearer anything" }));
    expect(r.status).toBe(503);
    expect(await r.json()).toMatchObject({ ok: false, code: "not_configured" });
  });

  it("refuses a missing or wrong bearer token with 401, and runs with the right one", async () => {
    const h = handlers("s3cret-value");
    const none = await h.GET(request("GET"));
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe("Bearer");
    expect((await h.GET(request("GET", { authorization: "Bearer s3cret-valuf" }))).status).toBe(401);
    const ok = await h.GET(request("GET", { authorization: "Bearer s3cret-value" }));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ran: true });
    expect(ok.headers.get("link")).toContain('rel="service-desc"');
  });

  it("answers methods it does not serve with 405 and Allow, OPTIONS with a preflight", async () => {
    const h = handlers("x");
    const post = await h.POST(request("POST"));
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(await post.json()).toMatchObject({ code: "method_not_allowed", allow: ["GET", "HEAD", "OPTIONS"] });
    const options = await h.OPTIONS(request("OPTIONS"));
    expect(options.status).toBe(204);
    expect(options.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
  });
});

describe("successResponse", () => {
  it("sends a strong ETag and answers a matching If-None-Match with 304 and no body", async () => {
    const reply = { body: '{"a":1}', media: "application/json", cache: { maxAge: 60 }, etag: true } as const;
    const first = successResponse(new Request("http://x/"), reply);
    const tag = first.headers.get("etag")!;
    expect(tag).toMatch(/^"[\w-]{27}"$/);
    const again = successResponse(new Request("http://x/", { headers: { "if-none-match": `W/${tag}, "other"` } }), reply);
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const changed = successResponse(new Request("http://x/", { headers: { "if-none-match": tag } }), { ...reply, body: '{"a":2}' });
    expect(changed.status).toBe(200);
  });
});

describe("gzip of a repeated body", () => {
  const body = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, text: "the same words again" })) });
  const reply = { body, media: "application/feed+json; charset=utf-8", cache: { maxAge: 60 }, etag: true } as const;
  const via = { viaServer: true };
  const gzipRequest = (accept = "gzip, deflate, br") => new Request("http://x/", { headers: { "accept-encoding": accept } });

  it("leaves the first sighting to the server's compressor, then sends the same gzip bytes from then on", async () => {
    const first = successResponse(gzipRequest(), reply, via);
    expect(first.headers.get(ENCODED_HEADER)).toBeNull();
    const second = successResponse(gzipRequest(), reply, via);
    const third = successResponse(gzipRequest(), reply, via);
    expect(second.headers.get(ENCODED_HEADER)).toBe("gzip");
    expect(second.headers.get("vary")).toMatch(/Accept-Encoding/);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    const bytes = Buffer.from(await second.arrayBuffer());
    expect(gunzipSync(bytes).toString()).toBe(body);
    expect(Buffer.from(await third.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("sends it only to a client that takes gzip, never on HEAD, and only through server.mjs (Next drops a route's Content-Encoding)", () => {
    for (let i = 0; i < 3; i++) expect(successResponse(gzipRequest(), reply, { viaServer: false }).headers.get(ENCODED_HEADER)).toBeNull();
    for (let i = 0; i < 2; i++) successResponse(gzipRequest(), reply, via);
    expect(successResponse(new Request("http://x/"), reply, via).headers.get(ENCODED_HEADER)).toBeNull();
    expect(successResponse(gzipRequest("gzip;q=0, br"), reply, via).headers.get(ENCODED_HEADER)).toBeNull();
    expect(
      successResponse(new Request("http://x/", { method: "HEAD", headers: { "accept-encoding": "gzip" } }), reply).headers.get(
        "content-encoding",
      ),
    ).toBeNull();
  });

  it("marks a body under 1 KiB for server.mjs to send as it is", () => {
    const small = { ...reply, body: '{"ok":true}' };
    expect(successResponse(gzipRequest(), small, via).headers.get(ENCODED_HEADER)).toBe("identity");
    expect(successResponse(gzipRequest(), small, { viaServer: false }).headers.get(ENCODED_HEADER)).toBeNull();
  });

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

import { describe, expect, it } from "vitest";
import { route } from "./route";
import { successResponse } from "./response";

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

import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "@/lib/core/wire";
import { deadlines, declaredTooLarge, tooLargeResponse } from "./limits";

describe("body limits", () => {
  it("refuses a declared body past 64 KiB, and only that", () => {
    expect(declaredTooLarge(undefined)).toBe(false);
    expect(declaredTooLarge("0")).toBe(false);
    expect(declaredTooLarge(String(MAX_BODY_BYTES))).toBe(false);
    expect(declaredTooLarge(String(MAX_BODY_BYTES + 1))).toBe(true);
    expect(declaredTooLarge("10485760")).toBe(true);
  });

  it("answers it 400 in the Error shape, closing the connection", async () => {
    const r = tooLargeResponse();
    expect(r.status).toBe(400);
    expect(r.headers.get("connection")).toBe("close");
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(await r.json()).toMatchObject({
      ok: false,
      code: "bad_request",
      status: 400,
      error: `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
    });
  });
});

describe("deadlines", () => {
  it("come from the environment, with a grace for half-closed clients", () => {
    const d = deadlines({ HEADERS_TIMEOUT_MS: 1000, REQUEST_TIMEOUT_MS: 1500 });
    expect(d).toMatchObject({ headersTimeout: 1000, requestTimeout: 1500, halfCloseGraceMs: 2000 });
    expect(d.keepAliveTimeout).toBeGreaterThan(60_000);
  });
});

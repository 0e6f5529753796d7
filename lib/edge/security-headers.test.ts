import { describe, expect, it } from "vitest";
import { addSecurityHeaders, HSTS_HEADER, overHttps, SECURITY_HEADERS } from "./security-headers";

describe("security headers", () => {
  it("adds every one to an answer, and HSTS only when the proxy in front says https", () => {
    const plain = new Headers();
    addSecurityHeaders(plain, undefined);
    for (const { key, value } of SECURITY_HEADERS) expect(plain.get(key), key).toBe(value);
    expect(plain.get(HSTS_HEADER.key)).toBeNull();
    const secure = new Headers();
    addSecurityHeaders(secure, "https");
    expect(secure.get(HSTS_HEADER.key)).toBe(HSTS_HEADER.value);
  });

  it("reads the first X-Forwarded-Proto", () => {
    expect(overHttps("https")).toBe(true);
    expect(overHttps(" https , http")).toBe(true);
    expect(overHttps("http, https")).toBe(false);
    expect(overHttps(["https"])).toBe(true);
    expect(overHttps(null)).toBe(false);
  });
});

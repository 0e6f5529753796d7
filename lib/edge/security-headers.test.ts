import { describe, expect, it } from "vitest";
import { HSTS_HEADER, overHttps, SECURITY_HEADERS, securityHeadersFor } from "./security-headers";

describe("security headers", () => {
  it("are every one for an answer, and HSTS only when the proxy in front says https", () => {
    expect(securityHeadersFor(undefined)).toEqual(SECURITY_HEADERS);
    expect(securityHeadersFor("https")).toEqual([...SECURITY_HEADERS, HSTS_HEADER]);
    expect(securityHeadersFor("http")).not.toContainEqual(HSTS_HEADER);
  });

  it("reads the first X-Forwarded-Proto", () => {
    expect(overHttps("https")).toBe(true);
    expect(overHttps(" https , http")).toBe(true);
    expect(overHttps("http, https")).toBe(false);
    expect(overHttps(["https"])).toBe(true);
    expect(overHttps(null)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

describe("parseEnv", () => {
  it("has working defaults for an empty environment", () => {
    const e = parseEnv({});
    expect(e.PORT).toBe(3000);
    expect(e.REDIS_URL).toBeUndefined();
    expect(e.LENS_ALLOW_HOSTS).toEqual([]);
    expect(e.STORE_PREFIX).toBe("site");
  });
  it("treats blank values as unset and lowercases the trusted header", () => {
    const e = parseEnv({ REDIS_URL: "  ", TRUST_PROXY_HEADER: "X-Real-IP", LENS_ALLOW_HOSTS: "a.test:80, B.test:443 ," });
    expect(e.REDIS_URL).toBeUndefined();
    expect(e.TRUST_PROXY_HEADER).toBe("x-real-ip");
    expect(e.LENS_ALLOW_HOSTS).toEqual(["a.test:80", "b.test:443"]);
  });
  it("names every bad variable", () => {
    expect(() => parseEnv({ PORT: "http", REDIS_URL: "not a url" })).toThrow(/PORT[\s\S]*REDIS_URL/);
  });
});

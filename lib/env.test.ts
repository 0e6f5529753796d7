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

describe("SITE_URL", () => {
  it("is kept as the origin the pages bake: lower-case host, no default port, no trailing slash", () => {
    expect(parseEnv({ SITE_URL: "https://Jordan.Vale.Test:443/" }).SITE_URL).toBe("https://jordan.vale.test");
    expect(parseEnv({ SITE_URL: "http://127.0.0.1:3000" }).SITE_URL).toBe("http://127.0.0.1:3000");
  });
  it("says what is wrong with an address the site cannot be served at", () => {
    expect(() => parseEnv({ SITE_URL: "jordan.vale.test" })).toThrow(
      /SITE_URL: "jordan\.vale\.test" is not an address: write it with its scheme, such as https:\/\/jordan\.vale\.test/,
    );
    expect(() => parseEnv({ SITE_URL: "https://jordan.vale.test/blog" })).toThrow(
      /SITE_URL: .*served at the root of its host, so give only https:\/\/jordan\.vale\.test$/m,
    );
    expect(() => parseEnv({ SITE_URL: "ftp://jordan.vale.test" })).toThrow(
      /SITE_URL: "ftp:\/\/jordan\.vale\.test" must start with https:\/\/ or http:\/\//,
    );
  });
});

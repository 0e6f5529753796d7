import { describe, expect, it } from "vitest";
import { startup } from "./configure";

const BAKED = "https://example.org";

describe("startup", () => {
  it("refuses a SITE_URL the build did not bake in, naming both and the fix", () => {
    const r = startup({ SITE_URL: "https://elsewhere.example" }, BAKED);
    expect(r).toEqual({
      refuse:
        "This build's pages carry absolute URLs for https://example.org, but SITE_URL is https://elsewhere.example.\n" +
        "Build again with the address the site is served at: SITE_URL=https://elsewhere.example npm run build",
    });
  });

  it.each(["https://example.org/blog", "example.org"])("refuses %s: not an origin", (bad) => {
    expect(startup({ SITE_URL: bad }, BAKED)).toEqual({
      refuse: `SITE_URL is ${bad}: it must be the site's address, scheme and host only, such as https://example.com`,
    });
  });

  it("refuses any other variable it cannot use, naming each", () => {
    const r = startup({ PORT: "99999", STORE_PREFIX: "no spaces" }, BAKED);
    expect("refuse" in r && r.refuse).toMatch(/PORT: .*\n {2}STORE_PREFIX: /);
  });

  it("starts with the baked address, in any spelling, and says nothing", () => {
    const r = startup({ SITE_URL: "https://EXAMPLE.org:443", PORT: "4000", HEADERS_TIMEOUT_MS: "1000" }, BAKED);
    if (!("config" in r)) throw new Error(r.refuse);
    expect(r.notes).toEqual([]);
    expect(r.config).toMatchObject({ port: 4000, hostname: "0.0.0.0", endpointsViaNext: false });
    expect(r.config.deadlines.headersTimeout).toBe(1000);
    expect(r.config.stamp).toMatch(/^[0-9a-f]{32}$/);
  });

  it("without SITE_URL, says which address the pages name", () => {
    const r = startup({ ENDPOINTS_VIA_NEXT: "1" }, "http://localhost:3000");
    if (!("config" in r)) throw new Error(r.refuse);
    expect(r.config.endpointsViaNext).toBe(true);
    expect(r.notes.join("\n")).toMatch(/SITE_URL is not set: pages name http:\/\/localhost:3000 .*For a public site/);
  });
});

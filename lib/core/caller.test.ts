import { describe, expect, it } from "vitest";
import { identifyCaller, normalizeAddress, SOCKET_HEADER, STAMP_HEADER } from "./caller";

const STAMP = "0123456789abcdef";
/** Headers as server.mjs forwards them: stamped with its per-process secret. */
const h = (o: Record<string, string>) => new Headers({ [STAMP_HEADER]: STAMP, ...o });
const none = { TRUST_PROXY_HEADER: undefined, VERCEL: undefined, SITE_SERVER_STAMP: STAMP };

describe("normalizeAddress", () => {
  it.each([
    ["127.0.0.1", "127.0.0.1"],
    ["::ffff:127.0.0.1", "127.0.0.1"],
    ["203.0.113.9:51234", "203.0.113.9"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::9", "2001:db8:1:2::/64"],
    ["[2001:db8::1]", "2001:db8:0:0::/64"],
    [" ::1 ", "0:0:0:0::/64"],
  ])("%s → %s", (raw, want) => expect(normalizeAddress(raw)).toBe(want));
});

describe("identifyCaller", () => {
  it("uses the socket address the server stamped, ignoring a client-sent X-Forwarded-For", () => {
    const a = identifyCaller(h({ [SOCKET_HEADER]: "127.0.0.1", "x-forwarded-for": "1.1.1.1" }), none);
    const b = identifyCaller(h({ [SOCKET_HEADER]: "127.0.0.1", "x-forwarded-for": "2.2.2.2" }), none);
    expect(a).toEqual(b);
    expect(a.source).toBe("socket");
    expect(a.key).not.toContain("127.0.0.1");
  });

  it("uses the right-most entry of the trusted header", () => {
    const e = { ...none, TRUST_PROXY_HEADER: "x-forwarded-for" };
    const forged = identifyCaller(h({ "x-forwarded-for": "6.6.6.6, 198.51.100.1" }), e);
    const real = identifyCaller(h({ "x-forwarded-for": "198.51.100.1" }), e);
    expect(forged.key).toBe(real.key);
    expect(forged.source).toBe("trusted-header");
  });

  it("groups an IPv6 subscriber's /64", () => {
    const a = identifyCaller(h({ [SOCKET_HEADER]: "2001:db8:1:2::1" }), none);
    const b = identifyCaller(h({ [SOCKET_HEADER]: "2001:db8:1:2::ffff" }), none);
    const c = identifyCaller(h({ [SOCKET_HEADER]: "2001:db8:1:3::1" }), none);
    expect(a.key).toBe(b.key);
    expect(a.key).not.toBe(c.key);
  });

  it("ignores a socket header the server did not stamp (plain `next start`, or a forged stamp)", () => {
    const unstamped = identifyCaller(new Headers({ [SOCKET_HEADER]: "198.51.100.7" }), none);
    expect(unstamped.source).toBe("unidentified");
    const forged = identifyCaller(new Headers({ [SOCKET_HEADER]: "198.51.100.7", [STAMP_HEADER]: "guess" }), none);
    expect(forged.source).toBe("unidentified");
    const noServer = identifyCaller(h({ [SOCKET_HEADER]: "198.51.100.7" }), { ...none, SITE_SERVER_STAMP: undefined });
    expect(noServer.source).toBe("unidentified");
  });

  it("shares one budget when no trusted source exists", () => {
    expect(identifyCaller(h({ "x-forwarded-for": "1.1.1.1" }), none)).toEqual(identifyCaller(h({}), none));
  });
});

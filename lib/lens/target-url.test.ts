import { describe, expect, it } from "vitest";
import { addressRefusal } from "./address-policy";
import { LensRefusal, parseTarget, type Target } from "./target-url";

/**
 * The parse-time half of the SSRF guard (docs/lens.md). Nothing here touches the
 * network: parseTarget only runs the WHATWG parser and the address/name rules.
 */

const NONE: readonly string[] = [];

/** The refusal parseTarget throws, or a failure naming what it returned instead. */
function refusalOf(raw: string, allowHosts: readonly string[] = NONE, base?: URL): LensRefusal {
  let target: Target;
  try {
    target = parseTarget(raw, allowHosts, base);
  } catch (e) {
    expect(e, `parseTarget(${JSON.stringify(raw)}) threw something other than LensRefusal`).toBeInstanceOf(LensRefusal);
    return e as LensRefusal;
  }
  throw new Error(`parseTarget(${JSON.stringify(raw)}) accepted ${target.url.href}; a LensRefusal was expected`);
}

/** Each refused case is also checked for a readable, sentence-shaped message. */
function expectRefused(raw: string, message?: RegExp, allowHosts: readonly string[] = NONE): LensRefusal {
  const refusal = refusalOf(raw, allowHosts);
  expect(refusal.name).toBe("LensRefusal");
  expectSentence(refusal.message);
  if (message) expect(refusal.message).toMatch(message);
  return refusal;
}

function expectSentence(message: string) {
  expect(message.trim().length).toBeGreaterThan(0);
  expect(message).toMatch(/\.$/);
  expect(message).not.toMatch(/undefined|null|\[object /);
}

/** raw, http://raw/, https://raw/: the same host judged the same way with and without a scheme. */
const withPrefixes = (hosts: readonly string[]) =>
  hosts.flatMap((h) => [
    [h, h],
    [`http://${h}/`, h],
    [`https://${h}/`, h],
  ]);

const LOOPBACK = /^127\.0\.0\.1 is a loopback address; only public addresses can be fetched\.$/;

describe("parseTarget: IPv4 spellings are judged by the address they name", () => {
  const loopbackSpellings = [
    "2130706433",
    "0x7f000001",
    "0x7f.1",
    "0177.0.0.1",
    "127.1",
    "127.000.000.001",
    "127.0.0.1",
    "127.0.0.1.",
    "127.0.0.1。",
    "①②⑦.⓪.⓪.①",
    "%31%32%37.0.0.1",
  ];
  it.each(withPrefixes(loopbackSpellings))("refuses %s (spelled %s) as 127.0.0.1", (raw) => {
    expectRefused(raw, LOOPBACK);
  });

  it.each(withPrefixes(["0", "0.0.0.0"]))("refuses %s (spelled %s) as 0.0.0.0", (raw) => {
    expectRefused(raw, /^0\.0\.0\.0 is an unspecified address/);
  });
});

describe("parseTarget: special-purpose IPv4 ranges are refused", () => {
  const cases: [string, RegExp][] = [
    ["10.0.0.1", /private address \(RFC 1918\)/],
    ["10.255.255.254", /private address/],
    ["172.16.0.1", /private address/],
    ["172.31.255.254", /private address/],
    ["192.168.0.1", /private address/],
    ["192.168.255.254", /private address/],
    ["100.64.0.1", /carrier-grade NAT/],
    ["100.127.255.254", /carrier-grade NAT/],
    ["100.100.100.200", /cloud metadata address/],
    ["169.254.169.254", /cloud metadata address/],
    ["169.254.170.2", /cloud metadata address/],
    ["169.254.0.1", /link-local address/],
    ["192.0.0.192", /reserved/],
    ["192.0.0.1", /reserved/],
    ["198.18.0.1", /reserved/],
    ["198.19.255.254", /reserved/],
    ["192.0.2.1", /documentation/],
    ["198.51.100.1", /documentation/],
    ["203.0.113.1", /documentation/],
    ["224.0.0.1", /multicast/],
    ["239.255.255.250", /multicast/],
    ["240.0.0.1", /reserved/],
    ["255.255.255.254", /reserved/],
    ["255.255.255.255", /broadcast/],
  ];
  it.each(cases)("refuses %s", (ip, why) => {
    for (const raw of [ip, `http://${ip}/`, `https://${ip}/`]) expectRefused(raw, why);
  });
});

describe("parseTarget: public addresses pass (parse only, nothing is fetched)", () => {
  it.each([
    ["8.8.8.8", "https://8.8.8.8/", "8.8.8.8:443"],
    ["http://1.1.1.1/", "http://1.1.1.1/", "1.1.1.1:80"],
    ["https://93.184.215.14/", "https://93.184.215.14/", "93.184.215.14:443"],
    ["172.32.0.1", "https://172.32.0.1/", "172.32.0.1:443"],
    ["[2606:4700::1111]", "https://[2606:4700::1111]/", "[2606:4700::1111]:443"],
    ["http://[2606:4700::1111]/x", "http://[2606:4700::1111]/x", "[2606:4700::1111]:80"],
  ])("accepts %s", (raw, href, hostPort) => {
    const t = parseTarget(raw, NONE);
    expect(t.url.href).toBe(href);
    expect(t.hostPort).toBe(hostPort);
    expect(t.operatorAllowed).toBe(false);
  });
});

describe("parseTarget: IPv6 forms are refused", () => {
  const cases: [string, RegExp][] = [
    ["[::1]", /loopback/],
    ["[::]", /unspecified/],
    ["[0:0:0:0:0:0:0:1]", /loopback/],
    ["[::ffff:127.0.0.1]", LOOPBACK],
    ["[::ffff:7f00:1]", LOOPBACK],
    ["[::ffff:169.254.169.254]", /169\.254\.169\.254 is a cloud metadata address/],
    ["[::127.0.0.1]", /not a global unicast IPv6 address/],
    ["[64:ff9b::7f00:1]", /NAT64/],
    ["[2002:7f00:1::]", /6to4/],
    ["[2001:0:4136:e378:8000:63bf:3fff:fdd2]", /Teredo/],
    ["[2001::1]", /Teredo/],
    ["[fe80::1%25eth0]", /./],
    ["[fe80::1]", /link-local/],
    ["[fd00:ec2::254]", /cloud metadata address/],
    ["[fc00::1]", /unique-local/],
    ["[fec0::1]", /site-local/],
    ["[ff02::1]", /multicast/],
    ["[100::1]", /discard/],
    ["[2001:db8::1]", /documentation/],
    // Unbracketed IPv6 is not a URL host at all.
    ["::1", /could not be parsed/],
    ["2001:db8::1", /could not be parsed/],
  ];
  it.each(cases)("refuses %s", (host, why) => {
    expectRefused(host, why);
    if (host.startsWith("[")) {
      expectRefused(`http://${host}/`, why);
      expectRefused(`https://${host}/`, why);
    }
  });
});

describe("parseTarget: local and single-label names are refused before any DNS query", () => {
  const cases: [string, RegExp][] = [
    ["localhost", /names a local or internal host/],
    ["LOCALHOST", /names a local or internal host/],
    ["localhost.", /names a local or internal host/],
    ["ｌｏｃａｌｈｏｓｔ", /names a local or internal host/],
    ["local%68ost", /names a local or internal host/],
    ["localhost%2e", /names a local or internal host/],
    ["x.localhost", /names a local or internal host/],
    ["x.localhost.", /names a local or internal host/],
    ["metadata.google.internal", /names a local or internal host/],
    ["METADATA.GOOGLE.INTERNAL.", /names a local or internal host/],
    ["printer.local", /names a local or internal host/],
    ["localhost.localdomain", /names a local or internal host/],
    ["nas.home.arpa", /names a local or internal host/],
    ["router.lan", /names a local or internal host/],
    ["intranet", /is not a public host name \(it has no dot\)/],
    ["intranet.", /is not a public host name/],
    ["metadata", /is not a public host name/],
  ];
  it.each(withPrefixes(cases.map(([h]) => h)))("refuses %s (name %s)", (raw, host) => {
    expectRefused(raw, cases.find(([h]) => h === host)![1]);
  });

  it.each([
    ["example.com", "https://example.com/", "example.com:443"],
    ["http://example.com/", "http://example.com/", "example.com:80"],
    ["HTTPS://Example.COM/A", "https://example.com/A", "example.com:443"],
    // Judged by their addresses at connect time (safe-fetch.test.ts), not by their spelling here.
    ["http://127.0.0.1.nip.io/", "http://127.0.0.1.nip.io/", "127.0.0.1.nip.io:80"],
    ["http://foo.localtest.me/", "http://foo.localtest.me/", "foo.localtest.me:80"],
  ])("accepts the public name %s at parse time", (raw, href, hostPort) => {
    const t = parseTarget(raw, NONE);
    expect(t.url.href).toBe(href);
    expect(t.hostPort).toBe(hostPort);
    expect(t.operatorAllowed).toBe(false);
  });

  // Every trailing dot is stripped before the name rules ("localhost.." is localhost).
  it.each(["http://localhost../", "http://metadata.google.internal../", "http://intranet../", "http://x.localhost.../"])(
    "refuses %s (several trailing dots)",
    (raw) => {
      expectRefused(raw);
    },
  );
});

describe("parseTarget: parser confusion", () => {
  const cases: [string, RegExp][] = [
    ["http://evil.com@127.0.0.1/", /credentials/],
    ["http://127.0.0.1#@evil.com/", LOOPBACK],
    ["http://127.0.0.1\\@evil.com/", LOOPBACK],
    ["http://127.0.0.1?@evil.com/", LOOPBACK],
    ["http://user:pass@example.com/", /credentials/],
    ["http://user@example.com/", /credentials/],
    ["http://:pass@example.com/", /credentials/],
    ["https://user:pass@8.8.8.8/", /credentials/],
    ["http://127.0.\t0.1/", LOOPBACK],
    ["http://127.0.0\n.1/", LOOPBACK],
    ["http://127.0.0.1\r/", LOOPBACK],
    ["http://local\nhost/", /names a local or internal host/],
    ["http://local\thost/", /names a local or internal host/],
    ["  http://127.0.0.1/  ", LOOPBACK],
    ["HTTP://127.0.0.1/", LOOPBACK],
    ["HtTp://127.0.0.1/", LOOPBACK],
    ["http:/127.0.0.1", LOOPBACK],
    ["http:127.0.0.1", LOOPBACK],
    ["http:\\\\127.0.0.1\\", LOOPBACK],
    ["//127.0.0.1", LOOPBACK],
    ["//127.0.0.1/", LOOPBACK],
    ["///127.0.0.1/", LOOPBACK],
    [`http://${"a".repeat(250)}.com/`, /^The host name is too long\.$/],
    [`http://${"abcdefghi.".repeat(26)}com/`, /^The host name is too long\.$/],
    [`https://example.com/${"a".repeat(2100)}`, /^The URL is longer than 2048 characters\.$/],
    ["http://xn--localhost/", /could not be parsed/],
    ["http://[::1/", /could not be parsed/],
    ["", /./],
    ["http://", /./],
  ];
  it.each(cases)("refuses %j", (raw, why) => {
    expectRefused(raw, why);
  });

  it.each([
    ["http://xn--mnchen-3ya.de/", "xn--mnchen-3ya.de:80"],
    ["http://münchen.de/", "xn--mnchen-3ya.de:80"],
    ["https://пример.рф/", "xn--e1afmkfd.xn--p1ai:443"],
    ["http://exa\tmple.com/", "example.com:80"],
    ["HTTP://example.com/", "example.com:80"],
    ["http:/example.com", "example.com:80"],
    ["//example.com/x", "example.com:443"],
  ])("accepts %j as %s", (raw, hostPort) => {
    expect(parseTarget(raw, NONE).hostPort).toBe(hostPort);
  });
});

describe("parseTarget: ports", () => {
  it.each([
    ["http://example.com:22/", /^Port 22 is refused/],
    ["example.com:25", /^Port 25 is refused/],
    ["http://example.com:6379/", /^Port 6379 is refused/],
    ["https://example.com:11211/", /^Port 11211 is refused/],
    ["http://example.com:2375/", /^Port 2375 is refused/],
    ["http://example.com:9200/", /^Port 9200 is refused/],
    ["http://example.com:8080/", /^Port 8080 is refused/],
    ["http://example.com:0/", /^Port 0 is refused/],
    ["http://example.com:65536/", /could not be parsed/],
    ["http://example.com:-1/", /could not be parsed/],
    ["http://8.8.8.8:6379/", /^Port 6379 is refused/],
    // A refused port is refused whatever the host: nothing reaches redis on loopback either.
    ["http://127.0.0.1:6379/", /^Port 6379 is refused/],
  ])("refuses %s", (raw, why) => {
    expectRefused(raw, why);
  });

  it.each([
    ["http://example.com:80/", "http://example.com/", "example.com:80"],
    ["https://example.com:443/", "https://example.com/", "example.com:443"],
    ["http://example.com:0080/", "http://example.com/", "example.com:80"],
    ["https://example.com:0080/", "https://example.com:80/", "example.com:80"],
    ["http://example.com:443/", "http://example.com:443/", "example.com:443"],
    ["example.com:443/path", "https://example.com/path", "example.com:443"],
    ["example.com:443", "https://example.com/", "example.com:443"],
    ["example.com/a?b#c", "https://example.com/a?b#c", "example.com:443"],
  ])("accepts %s as %s", (raw, href, hostPort) => {
    const t = parseTarget(raw, NONE);
    expect(t.url.href).toBe(href);
    expect(t.hostPort).toBe(hostPort);
  });
});

describe("parseTarget: schemes other than http and https", () => {
  it.each([
    ["file:///etc/passwd", "file"],
    ["FILE:///etc/passwd", "file"],
    ["file://127.0.0.1/etc/passwd", "file"],
    ["ftp://example.com/", "ftp"],
    ["gopher://example.com/_GET%20/", "gopher"],
    ["gopher://x", "gopher"],
    ["dict://example.com:2628/show:db", "dict"],
    ["data:text/html,<script>alert(1)</script>", "data"],
    ["javascript:alert(1)", "javascript"],
    ["ws://example.com/", "ws"],
    ["wss://example.com/", "wss"],
    ["blob:https://example.com/3b1f2c1e", "blob"],
  ])("refuses %s, naming %s", (raw, scheme) => {
    expectRefused(raw, new RegExp(`^Only http and https URLs can be fetched, not ${scheme}\\.$`));
  });
});

describe("parseTarget: LENS_ALLOW_HOSTS names exact host:port pairs", () => {
  const allow = ["127.0.0.1:4000", "[::1]:4001", "svc.test:8080"];

  it.each([
    ["http://127.0.0.1:4000/", "127.0.0.1:4000"],
    ["https://127.0.0.1:4000/x", "127.0.0.1:4000"],
    ["127.0.0.1:4000", "127.0.0.1:4000"],
    // Another spelling of the same address and port is the same host:port.
    ["http://2130706433:4000/", "127.0.0.1:4000"],
    ["http://[::1]:4001/", "[::1]:4001"],
    ["http://svc.test:8080/", "svc.test:8080"],
    ["http://SVC.test:8080/", "svc.test:8080"],
  ])("allows %s as %s (operatorAllowed)", (raw, hostPort) => {
    const t = parseTarget(raw, allow);
    expect(t.hostPort).toBe(hostPort);
    expect(t.operatorAllowed).toBe(true);
  });

  it.each([
    ["http://127.0.0.1:4001/", /^Port 4001 is refused/],
    ["http://127.0.0.2:4000/", /^Port 4000 is refused/],
    ["http://127.0.0.1/", LOOPBACK],
    ["https://127.0.0.1/", LOOPBACK],
    ["http://localhost:4000/", /^Port 4000 is refused/],
    ["http://[::ffff:127.0.0.1]:4000/", /^Port 4000 is refused/],
    ["http://[::1]:4000/", /^Port 4000 is refused/],
    ["http://[::1]/", /loopback/],
    ["http://svc.test:8081/", /^Port 8081 is refused/],
  ])("refuses %s, which is not exactly an allowed host:port", (raw, why) => {
    expectRefused(raw, why, allow);
  });

  it("does not carry an allowed name's entry over to its other ports", () => {
    // A public-looking name on port 80 passes parse time, but not as operator-allowed: its
    // addresses are vetted at connect time (see safe-fetch.test.ts for where that breaks).
    expect(parseTarget("http://svc.test/", allow).operatorAllowed).toBe(false);
    expect(parseTarget("https://svc.test/", allow).operatorAllowed).toBe(false);
  });

  it("never marks a public host operatorAllowed without an entry", () => {
    expect(parseTarget("https://example.com/", allow).operatorAllowed).toBe(false);
    expect(parseTarget("https://example.com/", NONE).operatorAllowed).toBe(false);
  });
});

describe("parseTarget: resolving redirect Locations against a base", () => {
  const base = new URL("https://example.com/a/b");
  it.each([
    ["//127.0.0.1/", LOOPBACK],
    ["http://10.0.0.1/", /private address/],
    ["http://169.254.169.254/latest/meta-data/", /cloud metadata address/],
    ["file:///etc/passwd", /not file\.$/],
    ["gopher://x", /not gopher\.$/],
    ["http://[::1]/", /loopback/],
    ["http://localhost/", /names a local or internal host/],
  ])("refuses Location %s", (location, why) => {
    const refusal = refusalOf(location, NONE, base);
    expectSentence(refusal.message);
    expect(refusal.message).toMatch(why);
  });

  it.each([
    ["/c", "https://example.com/c"],
    ["c", "https://example.com/a/c"],
    ["//example.org/x", "https://example.org/x"],
    ["http://example.org/", "http://example.org/"],
  ])("resolves Location %s to %s", (location, href) => {
    expect(parseTarget(location, NONE, base).url.href).toBe(href);
  });
});

describe("addressRefusal", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "0.0.0.0",
    "10.0.0.5",
    "169.254.169.254",
    "::1",
    "[::1]",
    "::",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "::7f00:1",
    "fe80::1%eth0",
    "fd00:ec2::254",
    "fc00::1",
    "ff02::1",
    "64:ff9b::a00:1",
    "2002:a00:1::",
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",
    "2001:db8::1",
    "3fff::1",
  ])("refuses %s with a reason", (ip) => {
    const why = addressRefusal(ip);
    expect(why).toEqual(expect.any(String));
    expect(why!.length).toBeGreaterThan(0);
  });

  it.each(["not-an-ip", "example.com", "", "1.2.3.4.5"])("refuses %j as not an IP address", (s) => {
    expect(addressRefusal(s)).toMatch(/is not an IP address$/);
  });

  it.each(["8.8.8.8", "1.1.1.1", "93.184.215.14", "172.32.0.1", "2606:4700::1111", "[2606:4700::1111]", "::ffff:8.8.8.8"])(
    "accepts the public address %s",
    (ip) => {
      expect(addressRefusal(ip)).toBeNull();
    },
  );
});

import ipaddr from "ipaddr.js";

/**
 * Which IP addresses lens may connect to: public unicast only. ipaddr.js names the special
 * ranges; anything it does not call "unicast" is refused, and for IPv6 only global unicast
 * (2000::/3) passes, because ipaddr.js calls the IPv4-compatible block `::/96` "unicast"
 * (`::7f00:1` is loopback in disguise) and the translation prefixes can reach IPv4 space.
 */
const IPV4_WORDS: Record<string, string> = {
  unspecified: "an unspecified address (0.0.0.0/8)",
  broadcast: "the broadcast address",
  multicast: "a multicast address",
  linkLocal: "a link-local address (169.254.0.0/16, where cloud metadata services live)",
  loopback: "a loopback address",
  carrierGradeNat: "a carrier-grade NAT address (100.64.0.0/10)",
  private: "a private address (RFC 1918)",
  reserved: "a reserved or documentation address",
  as112: "an AS112 sink address",
  amt: "an AMT relay address",
};

const IPV6_WORDS: Record<string, string> = {
  unspecified: "the unspecified address (::)",
  linkLocal: "a link-local address (fe80::/10)",
  multicast: "a multicast address (ff00::/8)",
  loopback: "a loopback address (::1)",
  uniqueLocal: "a unique-local address (fc00::/7, private)",
  deprecatedSiteLocal: "a site-local address (fec0::/10)",
  discard: "a discard-only address (100::/64)",
  rfc6145: "an IPv4-translated address",
  rfc6052: "a NAT64 address that maps into IPv4 space (64:ff9b::/96)",
  "6to4": "a 6to4 address that maps into IPv4 space (2002::/16)",
  teredo: "a Teredo address that maps into IPv4 space (2001::/32)",
  benchmarking: "a benchmarking address",
  reserved: "a reserved or documentation address",
};

/** Cloud metadata endpoints that sit outside the ranges above on some providers. */
const METADATA_ADDRESSES = new Set(["fd00:ec2::254", "169.254.169.254", "169.254.170.2", "100.100.100.200"]);

/** Why `address` must not be reached, or null when it is a public unicast address. */
export function addressRefusal(address: string): string | null {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // process() turns ::ffff:a.b.c.d into the IPv4 address it carries.
    ip = ipaddr.process(address.replace(/^\[|\]$/g, "").replace(/%.*$/, ""));
  } catch {
    return `${address} is not an IP address`;
  }
  const text = ip.toString();
  if (METADATA_ADDRESSES.has(text)) return `${text} is a cloud metadata address`;
  const range = ip.range();
  if (ip.kind() === "ipv4") {
    return range === "unicast" ? null : `${text} is ${IPV4_WORDS[range] ?? `in the special range ${range}`}`;
  }
  if (range !== "unicast") return `${text} is ${IPV6_WORDS[range] ?? `in the special range ${range}`}`;
  if (!ip.match(ipaddr.IPv6.parse("2000::"), 3)) return `${text} is not a global unicast IPv6 address`;
  if (ip.match(ipaddr.IPv6.parse("2001:db8::"), 32)) return `${text} is a documentation address (2001:db8::/32)`;
  return null;
}

export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(host.replace(/^\[|\]$/g, "").replace(/%.*$/, ""));
}

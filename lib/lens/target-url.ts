import { addressRefusal, isIpLiteral } from "./address-policy";

/** A URL lens will not fetch; the message is a sentence the caller sees in the 400. */
export class LensRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LensRefusal";
  }
}

export const ALLOWED_PORTS = [80, 443] as const;
const MAX_URL_LENGTH = 2048;
const MAX_HOST_LENGTH = 253;

/** Names that only ever mean "this machine" or "this network", refused before any DNS query. */
const LOCAL_SUFFIXES = [".localhost", ".local", ".internal", ".localdomain", ".home.arpa", ".lan", ".intranet", ".corp"];

export interface Target {
  url: URL;
  /** host:port as LENS_ALLOW_HOSTS spells it (lowercase, IPv6 in brackets, port explicit). */
  hostPort: string;
  /** Named in LENS_ALLOW_HOSTS: may resolve to private addresses and use any port. */
  operatorAllowed: boolean;
}

/**
 * Lens's URL rules (http and https only, no credentials, ports 80 and 443, public
 * hosts and addresses only, unless LENS_ALLOW_HOSTS names them), applied to what the WHATWG parser made of the input, so every
 * spelling of an address (2130706433, 0x7f.1, ①②⑦.⓪.⓪.①, %31%32%37…) is judged by the
 * address it really names. Names are judged again at connect time by the vetting lookup.
 */
export function parseTarget(raw: string, allowHosts: readonly string[], base?: URL): Target {
  const input = raw.trim();
  if (input.length > MAX_URL_LENGTH) throw new LensRefusal(`The URL is longer than ${MAX_URL_LENGTH} characters.`);
  let url: URL;
  try {
    url = base ? new URL(input, base) : new URL(withScheme(input));
  } catch {
    throw new LensRefusal("The URL could not be parsed.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new LensRefusal(`Only http and https URLs can be fetched, not ${url.protocol.replace(/:$/, "")}.`);
  }
  if (url.username || url.password) throw new LensRefusal("URLs with credentials (user:password@) are refused.");
  const host = url.hostname.toLowerCase();
  if (!host) throw new LensRefusal("The URL has no host.");
  const port = url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
  const hostPort = `${host}:${port}`;
  const operatorAllowed = allowHosts.includes(hostPort);
  if (operatorAllowed) return { url, hostPort, operatorAllowed };

  if (!(ALLOWED_PORTS as readonly number[]).includes(port)) {
    throw new LensRefusal(`Port ${port} is refused; only ports 80 and 443 can be fetched.`);
  }
  if (host.length > MAX_HOST_LENGTH) throw new LensRefusal("The host name is too long.");
  if (isIpLiteral(host)) {
    const why = addressRefusal(host);
    if (why) throw new LensRefusal(`${why}; only public addresses can be fetched.`);
    return { url, hostPort, operatorAllowed };
  }
  const name = host.replace(/\.+$/, "");
  if (name === "localhost" || LOCAL_SUFFIXES.some((s) => name.endsWith(s))) {
    throw new LensRefusal(`${host} names a local or internal host; only public hosts can be fetched.`);
  }
  if (!name.includes(".")) throw new LensRefusal(`${host} is not a public host name (it has no dot).`);
  return { url, hostPort, operatorAllowed };
}

/** https:// is assumed when no scheme is given; "example.com:443/x" has a port, not a scheme. */
function withScheme(input: string): string {
  if (input.startsWith("//")) return `https:${input}`;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(input);
  if (scheme && !/^[^:/]+:\d+(?:[/?#]|$)/.test(input)) return input;
  return `https://${input}`;
}

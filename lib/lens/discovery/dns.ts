import dnsPacket from "dns-packet";
import ipaddr from "ipaddr.js";
import { fetch as undiciFetch } from "undici";
import { env } from "@/lib/env";
import { isIpLiteral } from "../address-policy";

/**
 * DNS for lens's DNS-AID and ECH checks, over HTTPS (RFC 8484): node:dns cannot ask for
 * HTTPS/SVCB records and never shows the AD bit. Queries go to one fixed
 * resolver the operator configures (LENS_DOH_URL), never to anything a caller supplies.
 * dns-packet encodes the query; SVCB/HTTPS rdata comes back raw and is parsed here.
 */
export interface DnsAnswer {
  name: string;
  type: string;
  ttl: number;
  data: unknown;
}
export interface DnsResponse {
  rcode: string;
  ad: boolean;
  answers: DnsAnswer[];
}
export type DnsResolver = (name: string, type: "HTTPS" | "SVCB" | "A" | "TXT") => Promise<DnsResponse>;

// dns-packet 5.6 has no names for SVCB (64) and HTTPS (65): it writes and reads them as
// UNKNOWN_<n>, with the rdata as a raw Buffer.
const TYPE_CODES = { HTTPS: "UNKNOWN_65", SVCB: "UNKNOWN_64", A: "A", TXT: "TXT" } as const;
const TYPE_NAMES: Record<string, string> = { UNKNOWN_65: "HTTPS", UNKNOWN_64: "SVCB" };
const MAX_MESSAGE = 65_535; // a DNS message's length field is 16 bits (RFC 8484 §6)

/** An RFC 8484 client: POST application/dns-message, RD and AD set, EDNS DO set. Throws a plain Error. */
export function dohResolver(url: string, o: { timeoutMs?: number; signal?: AbortSignal } = {}): DnsResolver {
  return async (name, type) => {
    const query = dnsPacket.encode({
      type: "query",
      id: 0, // RFC 8484 §4.1: 0 keeps the request cacheable
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.AUTHENTIC_DATA,
      questions: [{ type: TYPE_CODES[type] as dnsPacket.RecordType, name, class: "IN" }],
      additionals: [
        {
          type: "OPT",
          name: ".",
          udpPayloadSize: 4096,
          flags: dnsPacket.DNSSEC_OK,
          extendedRcode: 0,
          ednsVersion: 0,
          flag_do: true,
          options: [],
        },
      ],
    });
    const timeout = AbortSignal.timeout(o.timeoutMs ?? 3_000);
    const signal = o.signal ? AbortSignal.any([timeout, o.signal]) : timeout;
    const failed = (otherwise: string) =>
      new Error(
        timeout.aborted ? "the DNS resolver did not answer in time" : o.signal?.aborted ? "the DNS lookup was cancelled" : otherwise,
      );
    let res;
    try {
      res = await undiciFetch(url, {
        method: "POST",
        redirect: "error",
        headers: { "content-type": "application/dns-message", accept: "application/dns-message" },
        body: query,
        signal,
      });
    } catch {
      throw failed("the DNS resolver could not be reached");
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      throw new Error(`the DNS resolver answered ${res.status}`);
    }
    const contentType = res.headers.get("content-type");
    if (contentType && !/^application\/dns-message\s*(;|$)/i.test(contentType)) {
      await res.body?.cancel().catch(() => {});
      throw new Error("the DNS resolver's answer is not a DNS message");
    }
    let body: Buffer;
    try {
      body = Buffer.from(await res.arrayBuffer());
    } catch {
      throw failed("the DNS resolver's answer broke off");
    }
    let packet: dnsPacket.DecodedPacket;
    try {
      if (body.length > MAX_MESSAGE) throw new Error("too long");
      packet = dnsPacket.decode(body);
      if (packet.type !== "response") throw new Error("not a response");
    } catch {
      throw new Error("the DNS resolver's answer is not a DNS message");
    }
    return {
      // dns-packet decodes the header's RCODE; its type definitions leave it out.
      rcode: (packet as { rcode?: string }).rcode ?? "NOERROR",
      ad: Boolean(packet.flag_ad),
      answers: (packet.answers ?? []).map((a) => ({
        name: a.name,
        type: TYPE_NAMES[a.type] ?? a.type,
        ttl: (a as { ttl?: number }).ttl ?? 0,
        data: (a as { data?: unknown }).data,
      })),
    };
  };
}

/** The resolver LENS_DOH_URL names (lib/env.ts; default Cloudflare's), or null when it is "off". */
export function defaultDnsResolver(): DnsResolver | null {
  const url = env().LENS_DOH_URL;
  return url === "off" ? null : dohResolver(url);
}

export interface SvcbRecord {
  priority: number;
  target: string;
  params: {
    alpn?: string[];
    noDefaultAlpn?: boolean;
    port?: number;
    ipv4hint?: string[];
    ipv6hint?: string[];
    ech?: { bytes: number; base64: string };
    other?: { key: number; bytes: number }[];
  };
}

/** RFC 9460 §2.2 wire format: SvcPriority, TargetName (uncompressed), then SvcParams (key, length, value). */
export function parseSvcb(rdata: Buffer): SvcbRecord {
  const need = (at: number, n: number) => {
    if (at + n > rdata.length) throw new Error("SVCB record data is cut short");
  };
  need(0, 2);
  const priority = rdata.readUInt16BE(0);
  let at = 2;
  const labels: string[] = [];
  for (let nameLength = 1; ;) {
    need(at, 1);
    const len = rdata[at++];
    if (len === 0) break;
    if (len > 63) throw new Error("SVCB target name is compressed or malformed");
    nameLength += len + 1;
    if (nameLength > 255) throw new Error("SVCB target name is too long");
    need(at, len);
    labels.push(rdata.subarray(at, at + len).toString("latin1"));
    at += len;
  }
  const params: SvcbRecord["params"] = {};
  const addresses = (v: Buffer, size: 4 | 16, what: string) => {
    if (v.length === 0 || v.length % size) throw new Error(`SVCB ${what} is malformed`);
    return Array.from({ length: v.length / size }, (_, i) =>
      ipaddr.fromByteArray(Array.from(v.subarray(i * size, (i + 1) * size))).toString(),
    );
  };
  let lastKey = -1;
  while (at < rdata.length) {
    need(at, 4);
    const key = rdata.readUInt16BE(at);
    const len = rdata.readUInt16BE(at + 2);
    at += 4;
    need(at, len);
    if (key <= lastKey) throw new Error("SVCB parameters are out of order");
    lastKey = key;
    const v = rdata.subarray(at, at + len);
    at += len;
    if (key === 1) {
      const alpn: string[] = [];
      for (let i = 0; i < v.length;) {
        const l = v[i++];
        if (l === 0 || i + l > v.length) throw new Error("SVCB alpn is malformed");
        alpn.push(v.subarray(i, i + l).toString("latin1"));
        i += l;
      }
      if (alpn.length === 0) throw new Error("SVCB alpn is malformed");
      params.alpn = alpn;
    } else if (key === 2) {
      if (len !== 0) throw new Error("SVCB no-default-alpn is malformed");
      params.noDefaultAlpn = true;
    } else if (key === 3) {
      if (len !== 2) throw new Error("SVCB port is malformed");
      params.port = v.readUInt16BE(0);
    } else if (key === 4) params.ipv4hint = addresses(v, 4, "ipv4hint");
    else if (key === 5) params.ech = { bytes: len, base64: v.toString("base64") };
    else if (key === 6) params.ipv6hint = addresses(v, 16, "ipv6hint");
    else (params.other ??= []).push({ key, bytes: len });
  }
  return { priority, target: labels.length ? `${labels.join(".")}.` : ".", params };
}

const rdataOf = (a: DnsAnswer) => (Buffer.isBuffer(a.data) ? a.data : null);

export type DnsAid =
  | {
      ok: true;
      found: boolean;
      names: string[];
      records: { name: string; status: string; dnssecValidated: boolean; answers: SvcbRecord[] }[];
      dnssecValidated?: boolean;
    }
  | { ok: false; found: false; names: string[]; error: string };

/** The name to ask about: lower case, no trailing dot, no IPv6 brackets. */
const normalize = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");

/** Why a host is not worth a DNS question, or null when it is. */
function skipReason(resolver: DnsResolver | null, host: string): string | null {
  if (host === "") return "no host name to look up";
  if (isIpLiteral(host)) return "an IP address has no DNS records";
  if (host === "localhost" || host.endsWith(".localhost")) return "localhost has no public DNS records";
  if (!resolver) return "DNS lookups are off on this site";
  return null;
}

/** NOERROR with no records (NODATA) and NXDOMAIN are answers; anything else (SERVFAIL, REFUSED, …) is a failure. */
function failedRcode(res: DnsResponse): string | null {
  return res.rcode === "NOERROR" || res.rcode === "NXDOMAIN" ? null : `the DNS resolver answered ${res.rcode}`;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** DNS-AID (draft-mozleywilliams-dnsop-dnsaid-02): SVCB records at `_index._agents.<domain>`. */
export async function dnsAid(resolver: DnsResolver | null, host: string): Promise<DnsAid> {
  const name = normalize(host);
  const domain = name.replace(/^www\./, "");
  const names = [`_index._agents.${domain}`];
  const skip = skipReason(resolver, name);
  if (skip || !resolver) return { ok: false, found: false, names, error: skip ?? "DNS lookups are off on this site" };
  try {
    const res = await resolver(names[0], "SVCB");
    const failure = failedRcode(res);
    if (failure) return { ok: false, found: false, names, error: failure };
    const answers: SvcbRecord[] = [];
    for (const a of res.answers) {
      const raw = a.type === "SVCB" ? rdataOf(a) : null;
      if (raw) answers.push(parseSvcb(raw));
    }
    return {
      ok: true,
      found: answers.length > 0,
      names,
      records: [{ name: names[0], status: res.rcode, dnssecValidated: res.ad, answers }],
      dnssecValidated: res.ad,
    };
  } catch (e) {
    return { ok: false, found: false, names, error: message(e) };
  }
}

export interface Ech {
  observed: boolean;
  recordPresent: boolean;
  parsed: boolean;
  dnssecValidated: boolean | null;
  error: string | null;
  alpn?: string[];
  configBytes?: number;
}

/** Encrypted Client Hello: an `ech` SvcParam in the host's own HTTPS record (RFC 9460 §9, RFC 9848); no AliasMode target is followed. */
export async function echRecord(resolver: DnsResolver | null, host: string): Promise<Ech> {
  const name = normalize(host);
  const none = { observed: false, recordPresent: false, parsed: false, dnssecValidated: null };
  const skip = skipReason(resolver, name);
  if (skip || !resolver) return { ...none, error: skip ?? "DNS lookups are off on this site" };
  let res: DnsResponse;
  try {
    res = await resolver(name, "HTTPS");
  } catch (e) {
    return { ...none, error: message(e) };
  }
  const failure = failedRcode(res);
  if (failure) return { ...none, error: failure };
  const raws = res.answers
    .filter((a) => a.type === "HTTPS")
    .map(rdataOf)
    .filter((b): b is Buffer => b !== null);
  if (raws.length === 0) return { ...none, dnssecValidated: res.ad, error: null };
  let records: SvcbRecord[];
  try {
    records = raws.map(parseSvcb);
  } catch (e) {
    return { observed: false, recordPresent: true, parsed: false, dnssecValidated: res.ad, error: message(e) };
  }
  // ServiceMode records in priority order (RFC 9460 §2.4.1); AliasMode (priority 0) carries no parameters.
  const service = records.filter((r) => r.priority > 0).sort((a, b) => a.priority - b.priority);
  const withEch = service.find((r) => r.params.ech);
  const shown = withEch ?? service[0];
  return {
    observed: Boolean(withEch),
    recordPresent: true,
    parsed: true,
    dnssecValidated: res.ad,
    error: null,
    ...(shown?.params.alpn ? { alpn: shown.params.alpn } : {}),
    ...(withEch ? { configBytes: withEch.params.ech!.bytes } : {}),
  };
}

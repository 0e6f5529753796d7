import dnsPacket from "dns-packet";
import { fetch as undiciFetch } from "undici";
import { env } from "@/lib/env";
import { isIpLiteral } from "../address-policy";

/**
 * DNS for lens's DNS-AID and ECH checks, over HTTPS (RFC 8484): node:dns cannot ask for
 * HTTPS/SVCB records and never shows the AD bit (notes/lens.md §4). Queries go to one fixed
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

const TYPE_CODES = { HTTPS: "UNKNOWN_65", SVCB: "UNKNOWN_64", A: "A", TXT: "TXT" } as const;
const TYPE_NAMES: Record<string, string> = { UNKNOWN_65: "HTTPS", UNKNOWN_64: "SVCB" };

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
    let res;
    try {
      res = await undiciFetch(url, {
        method: "POST",
        redirect: "error",
        headers: { "content-type": "application/dns-message", accept: "application/dns-message" },
        body: query,
        signal: o.signal ? AbortSignal.any([timeout, o.signal]) : timeout,
      });
    } catch {
      throw new Error(timeout.aborted ? "the DNS resolver did not answer in time" : "the DNS resolver could not be reached");
    }
    if (!res.ok) throw new Error(`the DNS resolver answered ${res.status}`);
    let packet: dnsPacket.DecodedPacket;
    try {
      packet = dnsPacket.decode(Buffer.from(await res.arrayBuffer()));
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

/** The resolver LENS_DOH_URL names, or null when DNS is turned off. */
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
  for (;;) {
    need(at, 1);
    const len = rdata[at++];
    if (len === 0) break;
    if (len > 63) throw new Error("SVCB target name is compressed or malformed");
    need(at, len);
    labels.push(rdata.subarray(at, at + len).toString("latin1"));
    at += len;
  }
  const params: SvcbRecord["params"] = {};
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
        if (i + l > v.length) throw new Error("SVCB alpn is malformed");
        alpn.push(v.subarray(i, i + l).toString("latin1"));
        i += l;
      }
      params.alpn = alpn;
    } else if (key === 2) params.noDefaultAlpn = true;
    else if (key === 3) {
      if (len !== 2) throw new Error("SVCB port is malformed");
      params.port = v.readUInt16BE(0);
    } else if (key === 4) {
      if (len % 4) throw new Error("SVCB ipv4hint is malformed");
      params.ipv4hint = Array.from({ length: len / 4 }, (_, i) => Array.from(v.subarray(i * 4, i * 4 + 4)).join("."));
    } else if (key === 5) params.ech = { bytes: len, base64: v.toString("base64") };
    else if (key === 6) {
      if (len % 16) throw new Error("SVCB ipv6hint is malformed");
      params.ipv6hint = Array.from({ length: len / 16 }, (_, i) =>
        Array.from({ length: 8 }, (_, j) => v.readUInt16BE(i * 16 + j * 2).toString(16)).join(":"),
      );
    } else (params.other ??= []).push({ key, bytes: len });
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

function notAsked(host: string): string | null {
  if (isIpLiteral(host)) return "an IP address has no DNS records";
  if (host === "localhost" || host.endsWith(".localhost")) return "localhost has no public DNS records";
  return null;
}

/** DNS-AID (draft-mozleywilliams-dnsop-dnsaid): SVCB records at `_index._agents.<domain>`. */
export async function dnsAid(resolver: DnsResolver | null, host: string): Promise<DnsAid> {
  const domain = host.replace(/^www\./i, "").replace(/\.$/, "");
  const names = [`_index._agents.${domain}`];
  const skip = notAsked(host) ?? (resolver ? null : "DNS lookups are off on this deployment");
  if (skip) return { ok: false, found: false, names, error: skip };
  try {
    const res = await resolver!(names[0], "SVCB");
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
    return { ok: false, found: false, names, error: (e as Error).message };
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

/** Encrypted Client Hello: an `ech` SvcParam in the host's HTTPS record (RFC 9460, 9848). */
export async function echRecord(resolver: DnsResolver | null, host: string): Promise<Ech> {
  const skip = notAsked(host) ?? (resolver ? null : "DNS lookups are off on this deployment");
  const none = { observed: false, recordPresent: false, parsed: false, dnssecValidated: null };
  if (skip) return { ...none, error: skip };
  try {
    const res = await resolver!(host.replace(/\.$/, ""), "HTTPS");
    const raws = res.answers
      .filter((a) => a.type === "HTTPS")
      .map(rdataOf)
      .filter((b): b is Buffer => b !== null);
    if (raws.length === 0) return { ...none, dnssecValidated: res.ad, error: null };
    try {
      const records = raws.map(parseSvcb);
      const withEch = records.find((r) => r.params.ech);
      return {
        observed: Boolean(withEch),
        recordPresent: true,
        parsed: true,
        dnssecValidated: res.ad,
        error: null,
        ...(records[0].params.alpn ? { alpn: records[0].params.alpn } : {}),
        ...(withEch ? { configBytes: withEch.params.ech!.bytes } : {}),
      };
    } catch (e) {
      return { observed: false, recordPresent: true, parsed: false, dnssecValidated: res.ad, error: (e as Error).message };
    }
  } catch (e) {
    return { ...none, error: (e as Error).message };
  }
}

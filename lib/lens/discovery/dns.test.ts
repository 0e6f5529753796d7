import http from "node:http";
import type { AddressInfo } from "node:net";
import dnsPacket from "dns-packet";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { dnsAid, dohResolver, echRecord, parseSvcb, type DnsResolver } from "./dns";

/** SVCB/HTTPS rdata by hand (RFC 9460 §2.2): priority, target name, then params as given. */
function svcb(priority: number, target: string, params: [number, Buffer][]): Buffer {
  const labels = target.replace(/\.$/, "").split(".").filter(Boolean);
  const name = [...labels.map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l)])), Buffer.from([0])];
  const p = params.map(([k, v]) => Buffer.concat([u16(k), u16(v.length), v]));
  return Buffer.concat([u16(priority), ...name, ...p]);
}
const u16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);
const alpn = (...ids: string[]) => Buffer.concat(ids.map((i) => Buffer.concat([Buffer.from([i.length]), Buffer.from(i)])));
const ECH = Buffer.from("0045fe0d0041", "hex");

/**
 * A loopback RFC 8484 resolver (POST application/dns-message) with a fixed zone. Names not in
 * the zone are NXDOMAIN unless their domain is listed in `existing` (then NODATA). `mode` makes it misbehave.
 */
type Rr = { type: string; data: Buffer | string };
const zone: Record<string, { ad: boolean; rcode?: number; answers: Rr[] }> = {
  "_index._agents.agents.example|UNKNOWN_64": {
    ad: true,
    answers: [
      {
        type: "UNKNOWN_64",
        data: svcb(1, "agents.example.", [
          [1, alpn("h2")],
          [3, u16(443)],
        ]),
      },
      { type: "UNKNOWN_64", data: svcb(2, "backup.agents.example.", [[4, Buffer.from([192, 0, 2, 7])]]) },
    ],
  },
  "_index._agents.unsigned.example|UNKNOWN_64": {
    ad: false,
    answers: [{ type: "UNKNOWN_64", data: svcb(1, "agent.unsigned.example.", []) }],
  },
  "_index._agents.broken.example|UNKNOWN_64": { ad: true, answers: [{ type: "UNKNOWN_64", data: Buffer.from([0, 1, 3]) }] },
  "_index._agents.failing.example|UNKNOWN_64": { ad: false, rcode: 2, answers: [] }, // SERVFAIL
  "ech.example|UNKNOWN_65": {
    ad: false,
    answers: [
      {
        type: "UNKNOWN_65",
        data: svcb(1, ".", [
          [1, alpn("h2", "h3")],
          [5, ECH],
        ]),
      },
    ],
  },
  "plain.example|UNKNOWN_65": { ad: true, answers: [{ type: "UNKNOWN_65", data: svcb(1, ".", [[1, alpn("h2")]]) }] },
  "mixed.example|UNKNOWN_65": {
    ad: true,
    answers: [
      { type: "UNKNOWN_65", data: svcb(0, "pool.mixed.example.", []) },
      {
        type: "UNKNOWN_65",
        data: svcb(2, ".", [
          [1, alpn("h3")],
          [5, ECH],
        ]),
      },
      { type: "UNKNOWN_65", data: svcb(1, ".", [[1, alpn("h2")]]) },
    ],
  },
  "bad-https.example|UNKNOWN_65": { ad: true, answers: [{ type: "UNKNOWN_65", data: svcb(1, ".", [[3, Buffer.from([1])]]) }] },
  "a.example|A": { ad: false, answers: [{ type: "A", data: "192.0.2.1" }] },
};
const existing = ["agents.example", "plain.example", "nodata.example"];

let server: http.Server;
let url = "";
let mode: "ok" | "500" | "garbage" | "html" | "query" | "slow" | "stall" = "ok";
const seen: { method?: string; contentType?: string; packet: dnsPacket.DecodedPacket }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method !== "POST" || req.headers["content-type"] !== "application/dns-message") return res.writeHead(415).end();
      const q = dnsPacket.decode(Buffer.concat(chunks));
      seen.push({ method: req.method, contentType: req.headers["content-type"], packet: q });
      const dnsMessage = { "content-type": "application/dns-message" };
      if (mode === "500") return res.writeHead(500).end("oops");
      if (mode === "garbage") return res.writeHead(200, dnsMessage).end("not dns");
      if (mode === "html") return res.writeHead(200, { "content-type": "text/html" }).end("<html>captive portal</html>");
      if (mode === "query") return res.writeHead(200, dnsMessage).end(Buffer.concat(chunks)); // QR bit unset
      if (mode === "slow") return setTimeout(() => res.writeHead(500).end(), 1_000).unref();
      if (mode === "stall") {
        res.writeHead(200, { ...dnsMessage, "content-length": "100" }).write(Buffer.alloc(10));
        return;
      }
      const question = q.questions![0];
      const hit = zone[`${question.name}|${question.type}`];
      const nodata = existing.some((d) => question.name === d || question.name.endsWith(`.${d}`));
      const rcode = hit ? (hit.rcode ?? 0) : nodata ? 0 : 3; // 3 = NXDOMAIN
      const reply = dnsPacket.encode({
        type: "response",
        id: q.id,
        flags: dnsPacket.RECURSION_DESIRED | (hit?.ad ? dnsPacket.AUTHENTIC_DATA : 0) | rcode,
        questions: q.questions,
        answers: (hit?.answers ?? []).map(
          (rr) => ({ type: rr.type, name: question.name, ttl: 300, class: "IN", data: rr.data }) as dnsPacket.Answer,
        ),
      });
      res.writeHead(200, dnsMessage).end(reply);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dns-query`;
});
afterEach(() => {
  mode = "ok";
  seen.length = 0;
  vi.unstubAllEnvs();
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

describe("parseSvcb", () => {
  it("reads priority, target and every parameter lens reports", () => {
    const r = parseSvcb(
      svcb(1, "svc.example.", [
        [1, alpn("h2", "h3")],
        [3, u16(8443)],
        [4, Buffer.from([192, 0, 2, 1, 198, 51, 100, 2])],
        [5, ECH],
        [9, Buffer.from("ab")],
      ]),
    );
    expect(r).toEqual({
      priority: 1,
      target: "svc.example.",
      params: {
        alpn: ["h2", "h3"],
        port: 8443,
        ipv4hint: ["192.0.2.1", "198.51.100.2"],
        ech: { bytes: 6, base64: ECH.toString("base64") },
        other: [{ key: 9, bytes: 2 }],
      },
    });
  });

  it("reads no-default-alpn, ipv6hint, the root target and AliasMode", () => {
    const v6 = Buffer.from("20010db8000000000000000000000001" + "20010db8000100020003000400050006", "hex");
    expect(
      parseSvcb(
        svcb(3, ".", [
          [0, u16(4)],
          [1, alpn("h3")],
          [2, Buffer.alloc(0)],
          [6, v6],
        ]),
      ),
    ).toEqual({
      priority: 3,
      target: ".",
      params: {
        alpn: ["h3"],
        noDefaultAlpn: true,
        ipv6hint: ["2001:db8::1", "2001:db8:1:2:3:4:5:6"],
        other: [{ key: 0, bytes: 2 }],
      },
    });
    expect(parseSvcb(svcb(0, "pool.example.", []))).toEqual({ priority: 0, target: "pool.example.", params: {} });
  });

  it.each([
    ["no priority", Buffer.from([0]), /cut short/],
    ["a target name that stops", Buffer.from([0, 1, 3, 0x61]), /cut short/],
    ["a compressed target name", Buffer.from([0, 1, 0xc0, 0x0c]), /compressed/],
    ["a parameter header that stops", Buffer.concat([svcb(1, ".", []), Buffer.from([0, 1, 0])]), /cut short/],
    ["a parameter longer than the data", Buffer.concat([svcb(1, ".", []), u16(3), u16(5), u16(443)]), /cut short/],
    [
      "keys out of order",
      svcb(1, ".", [
        [3, u16(1)],
        [1, alpn("h2")],
      ]),
      /order/,
    ],
    [
      "a repeated key",
      svcb(1, ".", [
        [1, alpn("h2")],
        [1, alpn("h3")],
      ]),
      /order/,
    ],
    ["a one-byte port", svcb(1, ".", [[3, Buffer.from([1])]]), /port/],
    ["an alpn id that runs over", svcb(1, ".", [[1, Buffer.from([5, 0x68, 0x32])]]), /alpn/],
    ["an empty alpn", svcb(1, ".", [[1, Buffer.alloc(0)]]), /alpn/],
    ["no-default-alpn with a value", svcb(1, ".", [[2, Buffer.from([1])]]), /no-default-alpn/],
    ["a five-byte ipv4hint", svcb(1, ".", [[4, Buffer.alloc(5)]]), /ipv4hint/],
    ["a four-byte ipv6hint", svcb(1, ".", [[6, Buffer.alloc(4)]]), /ipv6hint/],
  ])("refuses %s", (_, rdata, error) => {
    expect(() => parseSvcb(rdata)).toThrow(error);
  });
});

describe("dohResolver", () => {
  it("sends an RFC 8484 query with RD, AD and DO set, and reads a validated answer", async () => {
    const res = await dohResolver(url)("ech.example", "HTTPS");
    const q = seen[0].packet;
    expect(seen[0]).toMatchObject({ method: "POST", contentType: "application/dns-message" });
    expect(q).toMatchObject({
      id: 0,
      type: "query",
      flag_rd: true,
      flag_ad: true,
      questions: [{ name: "ech.example", type: "UNKNOWN_65" }],
    });
    expect(q.additionals).toMatchObject([{ type: "OPT", name: ".", flag_do: true }]);
    expect(res).toEqual({
      rcode: "NOERROR",
      ad: false,
      answers: [{ name: "ech.example", type: "HTTPS", ttl: 300, data: zone["ech.example|UNKNOWN_65"].answers[0].data }],
    });
    expect(await dohResolver(url)("plain.example", "HTTPS")).toMatchObject({ rcode: "NOERROR", ad: true });
  });

  it("asks for SVCB as type 64 and decodes ordinary types", async () => {
    expect(await dohResolver(url)("_index._agents.agents.example", "SVCB")).toMatchObject({
      ad: true,
      answers: [{ type: "SVCB" }, { type: "SVCB" }],
    });
    expect(seen[0].packet.questions![0].type).toBe("UNKNOWN_64");
    expect(await dohResolver(url)("a.example", "A")).toEqual({
      rcode: "NOERROR",
      ad: false,
      answers: [{ name: "a.example", type: "A", ttl: 300, data: "192.0.2.1" }],
    });
  });

  it("passes NXDOMAIN and NODATA through as answers", async () => {
    expect(await dohResolver(url)("nowhere.example", "HTTPS")).toEqual({ rcode: "NXDOMAIN", ad: false, answers: [] });
    expect(await dohResolver(url)("nodata.example", "HTTPS")).toEqual({ rcode: "NOERROR", ad: false, answers: [] });
  });

  it.each([
    ["500", /^the DNS resolver answered 500$/],
    ["garbage", /not a DNS message/],
    ["html", /not a DNS message/],
    ["query", /not a DNS message/],
    ["slow", /did not answer in time/],
    ["stall", /did not answer in time/],
  ] as const)("throws a plain error when the resolver misbehaves (%s)", async (m, error) => {
    mode = m;
    await expect(dohResolver(url, { timeoutMs: 200 })("ech.example", "HTTPS")).rejects.toThrow(error);
  });

  it("throws when the resolver is unreachable or the caller gives up", async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    await expect(dohResolver(`http://127.0.0.1:${port}/dns-query`)("ech.example", "HTTPS")).rejects.toThrow(/could not be reached/);

    mode = "slow";
    await expect(dohResolver(url, { signal: AbortSignal.timeout(100) })("ech.example", "HTTPS")).rejects.toThrow(/cancelled/);
  });
});

describe("dnsAid", () => {
  it("finds the DNS-AID index and whether DNSSEC validated it", async () => {
    const aid = await dnsAid(dohResolver(url), "WWW.Agents.Example.");
    expect(seen.map((s) => s.packet.questions![0])).toMatchObject([{ name: "_index._agents.agents.example", type: "UNKNOWN_64" }]);
    expect(aid).toEqual({
      ok: true,
      found: true,
      names: ["_index._agents.agents.example"],
      dnssecValidated: true,
      records: [
        {
          name: "_index._agents.agents.example",
          status: "NOERROR",
          dnssecValidated: true,
          answers: [
            { priority: 1, target: "agents.example.", params: { alpn: ["h2"], port: 443 } },
            { priority: 2, target: "backup.agents.example.", params: { ipv4hint: ["192.0.2.7"] } },
          ],
        },
      ],
    });
    expect(await dnsAid(dohResolver(url), "unsigned.example")).toMatchObject({ ok: true, found: true, dnssecValidated: false });
  });

  it("reports NXDOMAIN and NODATA as not found, without an error", async () => {
    expect(await dnsAid(dohResolver(url), "nothing.example")).toEqual({
      ok: true,
      found: false,
      names: ["_index._agents.nothing.example"],
      dnssecValidated: false,
      records: [{ name: "_index._agents.nothing.example", status: "NXDOMAIN", dnssecValidated: false, answers: [] }],
    });
    expect(await dnsAid(dohResolver(url), "plain.example")).toMatchObject({
      ok: true,
      found: false,
      records: [{ status: "NOERROR", answers: [] }],
    });
  });

  it("turns resolver failures, SERVFAIL and malformed records into an error, never a throw", async () => {
    mode = "500";
    expect(await dnsAid(dohResolver(url), "agents.example")).toEqual({
      ok: false,
      found: false,
      names: ["_index._agents.agents.example"],
      error: "the DNS resolver answered 500",
    });
    mode = "slow";
    expect(await dnsAid(dohResolver(url, { timeoutMs: 150 }), "agents.example")).toMatchObject({
      ok: false,
      error: "the DNS resolver did not answer in time",
    });
    mode = "ok";
    expect(await dnsAid(dohResolver(url), "failing.example")).toMatchObject({
      ok: false,
      found: false,
      error: "the DNS resolver answered SERVFAIL",
    });
    expect(await dnsAid(dohResolver(url), "broken.example")).toMatchObject({
      ok: false,
      found: false,
      error: expect.stringMatching(/cut short/),
    });
    const weird: DnsResolver = () => Promise.reject("not an Error");
    expect(await dnsAid(weird, "agents.example")).toMatchObject({ ok: false, error: "not an Error" });
  });
});

describe("echRecord", () => {
  it("sees ECH in the host's HTTPS record", async () => {
    expect(await echRecord(dohResolver(url), "ech.example")).toEqual({
      observed: true,
      recordPresent: true,
      parsed: true,
      dnssecValidated: false,
      error: null,
      alpn: ["h2", "h3"],
      configBytes: ECH.length,
    });
  });

  it("reports the ServiceMode record that carries ECH when there are several", async () => {
    expect(await echRecord(dohResolver(url), "mixed.example")).toEqual({
      observed: true,
      recordPresent: true,
      parsed: true,
      dnssecValidated: true,
      error: null,
      alpn: ["h3"],
      configBytes: ECH.length,
    });
    expect(seen).toHaveLength(1); // the AliasMode target is not followed
  });

  it("tells an HTTPS record without ECH from no record at all", async () => {
    expect(await echRecord(dohResolver(url), "plain.example")).toEqual({
      observed: false,
      recordPresent: true,
      parsed: true,
      dnssecValidated: true,
      error: null,
      alpn: ["h2"],
    });
    expect(await echRecord(dohResolver(url), "nodata.example")).toEqual({
      observed: false,
      recordPresent: false,
      parsed: false,
      dnssecValidated: false,
      error: null,
    });
    expect(await echRecord(dohResolver(url), "none.example")).toMatchObject({ observed: false, recordPresent: false, error: null });
  });

  it("reports a malformed record or a failing resolver as an error, never a throw", async () => {
    expect(await echRecord(dohResolver(url), "bad-https.example")).toEqual({
      observed: false,
      recordPresent: true,
      parsed: false,
      dnssecValidated: true,
      error: "SVCB port is malformed",
    });
    for (const [m, error] of [
      ["500", "the DNS resolver answered 500"],
      ["garbage", "the DNS resolver's answer is not a DNS message"],
      ["slow", "the DNS resolver did not answer in time"],
    ] as const) {
      mode = m;
      expect(await echRecord(dohResolver(url, { timeoutMs: 150 }), "ech.example"), m).toEqual({
        observed: false,
        recordPresent: false,
        parsed: false,
        dnssecValidated: null,
        error,
      });
    }
  });
});

describe("hosts lens does not ask about", () => {
  const spy = vi.fn<DnsResolver>();
  it.each([
    ["203.0.113.7", "an IP address has no DNS records"],
    ["[2001:db8::1]", "an IP address has no DNS records"],
    ["2001:db8::1", "an IP address has no DNS records"],
    ["localhost", "localhost has no public DNS records"],
    ["LocalHost.", "localhost has no public DNS records"],
    ["app.localhost", "localhost has no public DNS records"],
  ])("%s", async (host, error) => {
    expect(await dnsAid(spy, host)).toMatchObject({ ok: false, found: false, error });
    expect(await echRecord(spy, host)).toEqual({ observed: false, recordPresent: false, parsed: false, dnssecValidated: null, error });
    expect(spy).not.toHaveBeenCalled();
  });

  it("asks nothing with DNS turned off", async () => {
    const error = "DNS lookups are off on this site";
    expect(await dnsAid(null, "www.agents.example")).toEqual({ ok: false, found: false, names: ["_index._agents.agents.example"], error });
    expect(await echRecord(null, "agents.example")).toEqual({
      observed: false,
      recordPresent: false,
      parsed: false,
      dnssecValidated: null,
      error,
    });
  });
});

describe("defaultDnsResolver", () => {
  /** A fresh module graph, so lib/env.ts parses the stubbed environment. */
  async function fresh() {
    vi.resetModules();
    return (await import("./dns")).defaultDnsResolver();
  }

  it("is off when LENS_DOH_URL is off", async () => {
    vi.stubEnv("LENS_DOH_URL", "off");
    expect(await fresh()).toBeNull();
  });

  it("asks the resolver LENS_DOH_URL names", async () => {
    vi.stubEnv("LENS_DOH_URL", url);
    const resolver = await fresh();
    expect(await resolver!("plain.example", "HTTPS")).toMatchObject({ rcode: "NOERROR", ad: true, answers: [{ type: "HTTPS" }] });
  });

  it("has a resolver by default", async () => {
    vi.stubEnv("LENS_DOH_URL", "");
    expect(await fresh()).toBeTypeOf("function"); // not called: the default is a public resolver
  });
});

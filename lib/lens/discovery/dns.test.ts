import http from "node:http";
import type { AddressInfo } from "node:net";
import dnsPacket from "dns-packet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dnsAid, dohResolver, echRecord, parseSvcb } from "./dns";

/** SVCB/HTTPS rdata by hand (RFC 9460 §2.2): priority, target name, then params in key order. */
function svcb(priority: number, target: string, params: [number, Buffer][]): Buffer {
  const name =
    target === "."
      ? [Buffer.from([0])]
      : [
          ...target
            .replace(/\.$/, "")
            .split(".")
            .map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l)])),
          Buffer.from([0]),
        ];
  const p = params.map(([k, v]) => {
    const h = Buffer.alloc(4);
    h.writeUInt16BE(k, 0);
    h.writeUInt16BE(v.length, 2);
    return Buffer.concat([h, v]);
  });
  const pr = Buffer.alloc(2);
  pr.writeUInt16BE(priority, 0);
  return Buffer.concat([pr, ...name, ...p]);
}
const alpn = (...ids: string[]) => Buffer.concat(ids.map((i) => Buffer.concat([Buffer.from([i.length]), Buffer.from(i)])));
const u16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);
const ECH = Buffer.from("fe0d00", "hex");

/** A loopback RFC 8484 resolver with a fixed zone; `mode` makes it misbehave. */
let server: http.Server;
let url = "";
let mode: "ok" | "500" | "garbage" | "slow" = "ok";
const zone: Record<string, { type: string; rdata: Buffer; ad: boolean }> = {
  "_index._agents.agents.example|UNKNOWN_64": {
    type: "UNKNOWN_64",
    rdata: svcb(1, "agents.example.", [
      [1, alpn("h2")],
      [3, u16(443)],
    ]),
    ad: true,
  },
  "ech.example|UNKNOWN_65": {
    type: "UNKNOWN_65",
    rdata: svcb(1, ".", [
      [1, alpn("h2", "h3")],
      [5, ECH],
    ]),
    ad: false,
  },
  "plain.example|UNKNOWN_65": { type: "UNKNOWN_65", rdata: svcb(1, ".", [[1, alpn("h2")]]), ad: true },
};
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      if (mode === "500") return res.writeHead(500).end();
      if (mode === "garbage") return res.writeHead(200, { "content-type": "application/dns-message" }).end("not dns");
      if (mode === "slow") return setTimeout(() => res.writeHead(500).end(), 2_000);
      const q = dnsPacket.decode(Buffer.concat(chunks));
      const question = q.questions![0];
      const hit = zone[`${question.name}|${question.type}`];
      const reply = dnsPacket.encode({
        type: "response",
        id: q.id,
        flags:
          (hit?.ad ? dnsPacket.AUTHENTIC_DATA : 0) |
          (hit || question.name.endsWith("agents.example") || question.name.endsWith("plain.example") ? 0 : 3), // 3 = NXDOMAIN
        questions: q.questions,
        answers: hit
          ? [{ type: hit.type as dnsPacket.RecordType, name: question.name, ttl: 300, data: hit.rdata } as dnsPacket.Answer]
          : [],
      });
      res.writeHead(200, { "content-type": "application/dns-message" }).end(reply);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dns-query`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("parseSvcb", () => {
  it("reads priority, target and every parameter lens reports", () => {
    const r = parseSvcb(
      svcb(1, "svc.example.", [
        [1, alpn("h2", "h3")],
        [3, u16(8443)],
        [4, Buffer.from([192, 0, 2, 1])],
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
        ipv4hint: ["192.0.2.1"],
        ech: { bytes: 3, base64: ECH.toString("base64") },
        other: [{ key: 9, bytes: 2 }],
      },
    });
  });
  it("refuses data that is cut short or out of order", () => {
    expect(() => parseSvcb(Buffer.from([0]))).toThrow(/cut short/);
    expect(() =>
      parseSvcb(
        svcb(1, ".", [
          [3, u16(1)],
          [1, alpn("h2")],
        ]),
      ),
    ).toThrow(/order/);
    expect(() => parseSvcb(svcb(1, ".", [[3, Buffer.from([1])]]))).toThrow(/port/);
  });
});

describe("DNS over HTTPS", () => {
  it("finds DNS-AID records and whether DNSSEC validated them", async () => {
    mode = "ok";
    const aid = await dnsAid(dohResolver(url), "www.agents.example");
    expect(aid).toMatchObject({ ok: true, found: true, names: ["_index._agents.agents.example"], dnssecValidated: true });
    expect(aid.ok && aid.records[0].answers[0]).toMatchObject({
      priority: 1,
      target: "agents.example.",
      params: { alpn: ["h2"], port: 443 },
    });
    expect(await dnsAid(dohResolver(url), "nothing.example")).toMatchObject({ ok: true, found: false });
  });

  it("sees ECH in an HTTPS record, and its absence", async () => {
    mode = "ok";
    expect(await echRecord(dohResolver(url), "ech.example")).toMatchObject({
      observed: true,
      recordPresent: true,
      parsed: true,
      dnssecValidated: false,
      alpn: ["h2", "h3"],
      configBytes: 3,
    });
    expect(await echRecord(dohResolver(url), "plain.example")).toMatchObject({
      observed: false,
      recordPresent: true,
      dnssecValidated: true,
      error: null,
    });
    expect(await echRecord(dohResolver(url), "none.example")).toMatchObject({ observed: false, recordPresent: false, error: null });
  });

  it("reports a failing resolver as an error, never a throw", async () => {
    for (const [m, message] of [
      ["500", /answered 500/],
      ["garbage", /not a DNS message/],
      ["slow", /in time/],
    ] as const) {
      mode = m;
      const aid = await dnsAid(dohResolver(url, { timeoutMs: 300 }), "agents.example");
      expect(aid, m).toMatchObject({ ok: false, found: false });
      expect(aid.ok ? "" : aid.error).toMatch(message);
      expect((await echRecord(dohResolver(url, { timeoutMs: 300 }), "ech.example")).error).toMatch(message);
    }
    mode = "ok";
  });

  it("asks nothing for an IP address, localhost, or with DNS turned off", async () => {
    expect(await dnsAid(dohResolver(url), "203.0.113.7")).toMatchObject({ ok: false, error: "an IP address has no DNS records" });
    expect(await echRecord(dohResolver(url), "localhost")).toMatchObject({ observed: false, error: "localhost has no public DNS records" });
    expect(await dnsAid(null, "agents.example")).toMatchObject({ ok: false, error: "DNS lookups are off on this deployment" });
  });
});

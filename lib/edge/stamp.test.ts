import http, { type IncomingHttpHeaders } from "node:http";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { ROUTED_HEADER, ROUTED_VALUE } from "@/lib/core/wire";
import { markRouted, newStamp, stampHeaders, stampedHere } from "./stamp";

describe("stampHeaders", () => {
  it("deletes every private header a client sent and stamps the edge's own", () => {
    const headers: IncomingHttpHeaders = {
      host: "example.org:8080",
      accept: "*/*",
      "x-site-socket-ip": "203.0.113.9",
      "x-site-stamp": "guess",
      "x-site-routed": "1",
      "x-site-content-encoding": "gzip",
      "x-site-anything-new": "x",
      "x-sitemap": "kept: not private",
    };
    stampHeaders(headers, "secret", { socketAddress: "127.0.0.5" });
    expect(headers).toEqual({
      host: "example.org:8080",
      accept: "*/*",
      "x-sitemap": "kept: not private",
      "x-site-socket-ip": "127.0.0.5",
      "x-site-request-host": "example.org:8080",
      "x-site-stamp": "secret",
    });
    expect(stampedHere(headers, "secret")).toBe(true);
    expect(stampedHere(headers, "other")).toBe(false);
  });

  it("says which method stood in and whether the target is malformed", () => {
    const headers: IncomingHttpHeaders = {};
    stampHeaders(headers, "s", { socketAddress: "::1", foreignMethod: "PROPFIND", malformed: true });
    expect(headers["x-site-method"]).toBe("PROPFIND");
    expect(headers["x-site-malformed-path"]).toBe("1");
  });

  it("makes a fresh secret per process", () => {
    expect(newStamp()).toMatch(/^[0-9a-f]{32}$/);
    expect(newStamp()).not.toBe(newStamp());
  });
});

describe("the routed mark", () => {
  it("is a value no client can send: Node's parser refuses it, so only the edge sets it", async () => {
    const headers: IncomingHttpHeaders = {};
    markRouted(headers);
    expect(headers[ROUTED_HEADER]).toBe(ROUTED_VALUE);
    const seen: (string | string[] | undefined)[] = [];
    const server = http.createServer((req, res) => {
      seen.push(req.headers[ROUTED_HEADER]);
      res.end("served");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as net.AddressInfo;
    const send = (value: string) =>
      new Promise<string>((resolve) => {
        const socket = net.connect(port, "127.0.0.1", () =>
          socket.write(`GET / HTTP/1.1\r\nHost: x\r\n${ROUTED_HEADER}: ${value}\r\nConnection: close\r\n\r\n`),
        );
        let out = "";
        socket.on("data", (d) => (out += d));
        socket.on("close", () => resolve(out));
      });
    try {
      expect(await send(ROUTED_VALUE)).toMatch(/^HTTP\/1\.1 400 /);
      expect(await send("1")).toMatch(/^HTTP\/1\.1 200 /);
      expect(seen).toEqual(["1"]);
    } finally {
      server.close();
    }
  });
});

import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PageMemory, answer, capture, plainPageRequest, remember } from "./page-memory";
import { chooseCoding } from "./compress";
import { etagMatches as tagMatches } from "@/lib/core/memo";

describe("chooseCoding", () => {
  it("prefers br, then gzip, and honours q=0 and *", () => {
    expect(chooseCoding("gzip, deflate, br")).toBe("br");
    expect(chooseCoding("gzip")).toBe("gzip");
    expect(chooseCoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseCoding("*")).toBe("br");
    expect(chooseCoding("*, br;q=0")).toBe("gzip");
    expect(chooseCoding("identity")).toBeUndefined();
    expect(chooseCoding(undefined)).toBeUndefined();
  });
});

describe("tagMatches", () => {
  it("compares weakly, in a list, and takes *", () => {
    expect(tagMatches('"a"', '"a"')).toBe(true);
    expect(tagMatches('W/"a"', '"a"')).toBe(true);
    expect(tagMatches('"b", W/"a"', '"a"')).toBe(true);
    expect(tagMatches("*", '"a"')).toBe(true);
    expect(tagMatches('"b"', '"a"')).toBe(false);
    expect(tagMatches(undefined, '"a"')).toBe(false);
  });
});

describe("plainPageRequest", () => {
  const req = (method: string, headers: Record<string, string>) => ({ method, headers }) as unknown as http.IncomingMessage;
  it("is a GET or HEAD with no query and none of Next's own request headers", () => {
    expect(plainPageRequest(req("GET", { accept: "text/html" }), "")).toBe(true);
    expect(plainPageRequest(req("HEAD", {}), "")).toBe(true);
    expect(plainPageRequest(req("GET", {}), "?_rsc=1")).toBe(false);
    expect(plainPageRequest(req("GET", { rsc: "1" }), "")).toBe(false);
    expect(plainPageRequest(req("GET", { "next-router-prefetch": "1" }), "")).toBe(false);
    expect(plainPageRequest(req("POST", {}), "")).toBe(false);
  });
});

/**
 * A real server: a stand-in for Next writes a page in pieces, the capture keeps it while it goes
 * out, and later requests are answered from what was kept.
 */
describe("capture and answer, over HTTP", () => {
  const page = "<!doctype html><p>" + "a page of some length. ".repeat(200) + "</p>";
  let renders = 0;
  const memory = new PageMemory();
  let server: http.Server;
  let base = "";
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const kept = memory.get("/p");
      if (kept) return answer(kept, req, res, [{ key: "x-own", value: "1" }]);
      if (memory.claim("/p")) {
        capture(res, true, (status, headers, body) => {
          void remember(status, headers, body, { once: true }).then((e) => memory.release("/p", e));
        });
      }
      renders++;
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.setHeader("vary", "RSC");
      res.setHeader("date", new Date().toUTCString());
      res.write(page.slice(0, 100));
      res.end(Buffer.from(page.slice(100)));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const get = (headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${base}/p`, { headers, agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });

  it("renders once, then answers from memory with an ETag, codings and 304", async () => {
    const first = await get();
    expect(first.body.toString()).toBe(page);
    for (let i = 0; i < 50 && !memory.get("/p"); i++) await new Promise((r) => setTimeout(r, 10));
    const plain = await get();
    expect(plain.body.toString()).toBe(page);
    expect(plain.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(plain.headers["x-own"]).toBe("1");
    expect(plain.headers.vary).toBe("RSC, Accept-Encoding");
    const br = await get({ "accept-encoding": "gzip, br" });
    expect([br.headers["content-encoding"], br.headers.etag]).toEqual(["br", `W/${plain.headers.etag}`]);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(page);
    const gz = await get({ "accept-encoding": "gzip" });
    expect(zlib.gunzipSync(gz.body).toString()).toBe(page);
    const cond = await get({ "if-none-match": String(br.headers.etag) });
    expect([cond.status, cond.body.length, cond.headers.etag]).toEqual([304, 0, plain.headers.etag]);
    expect(renders).toBe(1);
  });
});

import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { EdgeResponse, toRequest, writeStream, writeWhole } from "./node";

let server: http.Server | undefined;
afterEach(() => server?.close());

/** A loopback server with the edge's response class, answering with `handle`; resolves with its base URL. */
async function serve(handle: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>): Promise<string> {
  server = http.createServer({ ServerResponse: EdgeResponse }, (req, res) => void handle(req, res));
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Raw header lines, as a shared cache reads them. */
function get(url: string, method = "GET", body?: string): Promise<{ status: number; raw: string[]; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent: false }, (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode!, raw: res.rawHeaders, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}
const lines = (raw: string[], name: string) =>
  raw.filter((_, i) => i % 2 === 0 && raw[i].toLowerCase() === name).map((n) => raw[raw.indexOf(n) + 1]);

describe("EdgeResponse", () => {
  it("keeps one Vary that every party adds to: set before, set again (as Next does), appended (as a route does)", async () => {
    const base = await serve((_req, res) => {
      res.setHeader("vary", "Accept");
      res.setHeader("Vary", "rsc, next-router-state-tree");
      res.appendHeader("vary", "Accept-Encoding");
      res.appendHeader("vary", ["accept", "Origin"]);
      res.setHeader("content-type", "text/plain");
      res.end("ok");
    });
    const r = await get(base);
    const vary = r.raw.filter((_, i) => i % 2 === 0 && r.raw[i].toLowerCase() === "vary");
    expect(vary).toHaveLength(1);
    expect(r.raw[r.raw.findIndex((h) => h.toLowerCase() === "vary") + 1]).toBe(
      "Accept, rsc, next-router-state-tree, Accept-Encoding, Origin",
    );
  });

  it("changes nothing else: other headers are set, replaced and appended as Node does", async () => {
    const base = await serve((_req, res) => {
      res.setHeader("x-a", "1");
      res.setHeader("x-a", "2");
      res.appendHeader("set-cookie", "a=1");
      res.appendHeader("set-cookie", "b=2");
      res.end();
    });
    const r = await get(base);
    expect(lines(r.raw, "x-a")).toEqual(["2"]);
    expect(r.raw.filter((h) => h.toLowerCase() === "set-cookie")).toHaveLength(2);
  });
});

describe("Web answers onto Node", () => {
  it("a handler gets a standard Request with the routed URL, the headers and the body", async () => {
    let seen: { url: string; method: string; type: string | null; body: string } | undefined;
    const base = await serve(async (req, res) => {
      const request = toRequest(req, res, "POST", "/twins/about?x=1");
      seen = { url: request.url, method: request.method, type: request.headers.get("content-type"), body: await request.text() };
      writeWhole(
        {
          status: 201,
          headers: new Headers({ "content-type": "text/plain", "content-length": "999", "x-b": "y" }),
          body: new TextEncoder().encode("made"),
        },
        req,
        res,
      );
    });
    const r = await new Promise<{ status: number; raw: string[]; body: string }>((resolve, reject) => {
      const req = http.request(
        `${base}/about.md`,
        { method: "POST", headers: { "content-type": "application/json" }, agent: false },
        (res) => {
          let text = "";
          res.on("data", (d) => (text += d));
          res.on("end", () => resolve({ status: res.statusCode!, raw: res.rawHeaders, body: text }));
        },
      );
      req.on("error", reject);
      req.end('{"a":1}');
    });
    expect(seen).toEqual({ url: "http://localhost/twins/about?x=1", method: "POST", type: "application/json", body: '{"a":1}' });
    expect(r.status).toBe(201);
    expect(r.body).toBe("made");
    // Framing is Node's: the length it sends, not one an answer claims.
    expect(lines(r.raw, "content-length")).toEqual(["4"]);
    expect(lines(r.raw, "x-b")).toEqual(["y"]);
  });

  it("a HEAD goes out without a body; an answer may ask to close the connection", async () => {
    const base = await serve((req, res) =>
      writeWhole(
        {
          status: 200,
          headers: new Headers({ connection: "close", "content-type": "text/plain" }),
          body: new TextEncoder().encode("body"),
        },
        req,
        res,
      ),
    );
    const r = await get(base, "HEAD");
    expect(r.body).toBe("");
    expect(lines(r.raw, "connection")).toEqual(["close"]);
  });

  it("an event stream leaves event by event", async () => {
    let release!: () => void;
    const later = new Promise<void>((r) => (release = r));
    const base = await serve((req, res) => {
      const body = new ReadableStream<Uint8Array>({
        async start(c) {
          c.enqueue(new TextEncoder().encode("data: 1\n\n"));
          await later;
          c.enqueue(new TextEncoder().encode("data: 2\n\n"));
          c.close();
        },
      });
      return writeStream(new Response(body, { headers: { "content-type": "text/event-stream" } }), req, res);
    });
    const first = await new Promise<string>((resolve, reject) => {
      http
        .get(base, { agent: false }, (res) => {
          let all = "";
          res.once("data", (d: Buffer) => {
            resolve(d.toString());
            release();
          });
          res.on("data", (d: Buffer) => (all += d));
        })
        .on("error", reject);
    });
    expect(first).toBe("data: 1\n\n");
  });

  it("aborts the handler's signal when the client goes away before the answer", async () => {
    let aborted: Promise<void> | undefined;
    const base = await serve((req, res) => {
      const request = toRequest(req, res, "GET", "/slow");
      aborted = new Promise((r) => request.signal.addEventListener("abort", () => r()));
    });
    const req = http.get(base, { agent: false });
    req.on("error", () => {});
    await new Promise((r) => setTimeout(r, 100));
    req.destroy();
    await expect(aborted).resolves.toBeUndefined();
  });
});

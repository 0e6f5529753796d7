import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "./helpers/server";
import { testPrefix } from "./helpers/redis-run";

/**
 * server.mjs at the edge, before Next: an oversized body is refused as it arrives, and a
 * client that stalls is answered 408 (in the Error shape) within the configured deadline.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ HEADERS_TIMEOUT_MS: "1000", REQUEST_TIMEOUT_MS: "1500" });
});
afterAll(() => server?.stop());

/** Write `parts` with pauses between them; resolve with what came back and when. */
function talk(parts: string[], pauseMs = 0): Promise<{ text: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(server.port, "127.0.0.1", async () => {
      for (const p of parts) {
        if (socket.destroyed) break;
        socket.write(p);
        if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
      }
    });
    let text = "";
    socket.on("data", (d) => (text += d));
    socket.on("close", () => resolve({ text, ms: Date.now() - started }));
    socket.on("error", reject);
  });
}

const bodyOf = (text: string) => JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as Record<string, unknown>;

describe("the server in front of Next", () => {
  it.each(["/ask", "/mcp"])(
    "refuses a chunked body with no length past 64 KiB as it streams, without waiting for the rest (%s)",
    async (path) => {
      const chunk = (data: string) => `${data.length.toString(16)}\r\n${data}\r\n`;
      // 70 KiB arrive, then the client stalls with the body unfinished: the answer must not wait for the rest.
      const { text, ms } = await talk([
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n`,
        ...Array.from({ length: 70 }, () => chunk("x".repeat(1024))),
      ]);
      expect(text).toMatch(/^HTTP\/1\.1 400 /);
      expect(bodyOf(text)).toMatchObject({ ok: false, code: "bad_request", status: 400 });
      expect(String(bodyOf(text).error)).toMatch(/larger than 65536 bytes/);
      expect(ms).toBeLessThan(1_500);
    },
  );

  it("answers a stalled upload 408 in the Error shape within the request deadline", async () => {
    const { text, ms } = await talk(
      ['POST /ask HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"que', "ry", '":'],
      4_000,
    );
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyOf(text)).toMatchObject({ ok: false, status: 408 });
    expect(ms).toBeLessThan(4_000);
  }, 15_000);

  it("answers headers that never finish 408 within the headers deadline", async () => {
    const { text, ms } = await talk(["GET / HTTP/1.1\r\nHost: x\r\n", "X-Slow: 1\r\n"], 3_000);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(ms).toBeLessThan(3_500);
  }, 15_000);
});

describe("clients that close their side, or ask to close", () => {
  let redisServer: RunningServer;
  beforeAll(async () => {
    redisServer = await startServer({ REDIS_URL: "redis://127.0.0.1:6379", STORE_PREFIX: testPrefix("edges") });
    // What is measured is the half-close, not a cold start: the first /ask loads the model.
    await fetch(`http://127.0.0.1:${redisServer.port}/ask?query=espresso&streaming=0`);
  });
  afterAll(() => redisServer?.stop());

  /** Sends `request`, then shuts the sending side (as `nc -N` does); resolves with what came back. */
  const halfClosed = (port: number, request: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect({ port, host: "127.0.0.1", allowHalfOpen: true }, () => socket.end(request));
      let text = "";
      socket.on("data", (d) => (text += d));
      socket.on("close", () => resolve(text));
      socket.on("error", reject);
    });

  it.each([
    ["GET /health.json HTTP/1.1\r\nHost: x\r\n\r\n", 200],
    ["GET /search.json?q=espresso HTTP/1.1\r\nHost: x\r\n\r\n", 200],
    ["GET /ask?query=espresso&streaming=0 HTTP/1.1\r\nHost: x\r\n\r\n", 200],
    [
      'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 40\r\n\r\n{"jsonrpc":"2.0","id":1,"method":"ping"}',
      200,
    ],
  ])("answers a request whose client shut its sending side, with the store on Redis: %s", async (request, status) => {
    const text = await halfClosed(redisServer.port, request);
    expect(text).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
  });

  it.each(["/mcp", "/ask"])("logs nothing for an upload to %s its client abandons", async (path) => {
    const before = redisServer.output().length;
    await new Promise<void>((resolve) => {
      const socket = net.connect(redisServer.port, "127.0.0.1", () => {
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 5000\r\n\r\n{"jsonrpc":"2.0",`,
        );
        setTimeout(() => socket.destroy(), 200);
      });
      socket.on("close", () => resolve());
    });
    await new Promise((r) => setTimeout(r, 500));
    // The encoder's one start-up line may land in this window (it warms after the server listens).
    expect(
      redisServer
        .output()
        .slice(before)
        .replace(/^\/ask encoder: .*\n/m, ""),
    ).toBe("");
  });

  it.each(["GET /health.json", "GET /about", "POST /mcp"])("honours Connection: close on %s", async (line) => {
    const [method, path] = line.split(" ");
    const body = method === "POST" ? '{"jsonrpc":"2.0","id":1,"method":"ping"}' : "";
    const { text, ms } = await new Promise<{ text: string; ms: number }>((resolve, reject) => {
      const started = Date.now();
      const socket = net.connect(redisServer.port, "127.0.0.1", () =>
        socket.write(
          `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
        ),
      );
      let text = "";
      socket.on("data", (d) => (text += d));
      socket.on("close", () => resolve({ text, ms: Date.now() - started }));
      socket.on("error", reject);
    });
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    expect(text.toLowerCase()).toMatch(/\r\nconnection: close\r\n/);
    // The server closes the connection itself, not after its 65 s keep-alive.
    expect(ms).toBeLessThan(5_000);
  });
});

describe("starting on a port that is taken", () => {
  it("says so in one line with the fix, and exits 1 instead of throwing a stack", async () => {
    // The port of the server above, still running.
    const err = await startServer({ PORT: String(server.port) }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(err?.message).toMatch(/server exited early \(1\)/);
    expect(err?.message).toContain(`Port ${server.port} on 127.0.0.1 is already in use (another npm start?)`);
    expect(err?.message).not.toMatch(/uncaughtException|errno/);
  });
});

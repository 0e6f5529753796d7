import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "./helpers/server";

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
  it("refuses a body announced larger than 64 KiB at once, without waiting for it", async () => {
    const { text, ms } = await talk([
      'POST /ask HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10485760\r\n\r\n{"query":',
    ]);
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(text.toLowerCase()).toContain("access-control-allow-origin: *");
    expect(bodyOf(text)).toMatchObject({ ok: false, code: "bad_request", status: 400 });
    expect(ms).toBeLessThan(1_000);
  });

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

describe("pages routed by server.mjs past proxy.ts", () => {
  const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
  it("keeps what the proxy did for a browser's page read: Vary, the twin Link, the home page's Link", async () => {
    const home = await fetch(`${server.base}/`, { headers: { "user-agent": BROWSER } });
    expect(home.status).toBe(200);
    expect(home.headers.get("vary")).toMatch(/\bAccept\b/);
    expect(home.headers.get("link")).toContain('rel="service-desc"');
    expect(home.headers.get("link")).toContain('</index.md>; rel="alternate"; type="text/markdown"');
    const twin = await fetch(`${server.base}/about`, { headers: { "user-agent": BROWSER, accept: "text/markdown" } });
    expect(twin.headers.get("content-type")).toMatch(/^text\/markdown/);
  });

  it("ignores a client-sent x-site-routed: a page POST is still a 405 in the Error shape", async () => {
    const r = await fetch(`${server.base}/about`, { method: "POST", headers: { "x-site-routed": "1", "user-agent": BROWSER } });
    expect(r.status).toBe(405);
    expect(r.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(await r.json()).toMatchObject({ code: "method_not_allowed" });
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

import http from "node:http";
import { readFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { AddressInfo } from "node:net";

/**
 * Loopback web sites for lens to observe: a rich page, redirect chains, a binary body, a
 * huge body, a gzip bomb, slow servers, an undecodable encoding and pages that forbid
 * framing. Tests allow `hostPort` through LENS_ALLOW_HOSTS (or allowHosts in process).
 */
export const RICH_HTML = readFileSync(path.join(import.meta.dirname, "..", "fixtures", "lens", "rich.html"), "utf8");
export const HUGE_BYTES = 5 * 1024 * 1024;

let bomb: Buffer | null = null;
/** 64 MiB of zeros gzipped to about 64 KB: whoever inflates it all has no cap. */
export function gzipBomb(): Buffer {
  bomb ??= zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });
  return bomb;
}

export function pageOfSize(bytes: number): string {
  const para = '<p>Tide pools hold anemones, crabs and <a href="/x">small fish</a>; every low tide the count changes.</p>\n';
  const parts = ["<!doctype html><html><head><title>Large page</title></head><body><main><h1>Large page</h1>\n"];
  let size = parts[0].length;
  let i = 0;
  while (size < bytes - 30) {
    const chunk = i++ % 20 === 0 ? `<h2>Section ${i}</h2>\n<img src="/i${i}.png">\n` : para;
    parts.push(chunk);
    size += chunk.length;
  }
  parts.push("</main></body></html>");
  return parts.join("");
}

export interface LensTargets {
  base: string;
  hostPort: string;
  /** Requests seen, by path. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

export async function startLensTargets(): Promise<LensTargets> {
  const hits = new Map<string, number>();
  const open = new Set<import("node:net").Socket>();
  const huge = Buffer.from(pageOfSize(HUGE_BYTES));
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    const html = (body: string, status = 200, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "text/html; charset=utf-8", ...headers });
      res.end(body);
    };
    const chain = /^\/chain\/(\d+)$/.exec(url.pathname);
    if (chain) {
      const n = Number(chain[1]);
      const codes = [301, 302, 303, 307, 308];
      res.writeHead(n > 0 ? codes[n % codes.length] : 302, { location: n > 1 ? `/chain/${n - 1}` : "/rich" });
      return res.end();
    }
    switch (url.pathname) {
      case "/rich":
        return html(RICH_HTML, 200, {
          "x-robots-tag": "noarchive, GPTBot: noindex",
          link: '</llms.txt>; rel="describedby"',
          "x-Custom-Header": "Kept",
        });
      case "/plain":
        res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
        return res.end("Just words, no markup.\nSecond line here.");
      case "/latin1":
        res.writeHead(200, { "content-type": "text/html; charset=iso-8859-1" });
        return res.end(Buffer.from("<html><head><title>Caf\xe9</title></head><body><p>Cr\xe8me br\xfbl\xe9e</p></body></html>", "latin1"));
      case "/binary":
        res.writeHead(200, { "content-type": "image/png" });
        return res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, ...Array(4096).fill(0)]));
      case "/huge":
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return res.end(huge);
      case "/bomb":
        res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip" });
        return res.end(gzipBomb());
      case "/weird-encoding":
        res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "x-snappy-framed" });
        return res.end("not really snappy");
      case "/corrupt-gzip":
        res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip" });
        return res.end(Buffer.from("this is not gzip at all, just bytes pretending"));
      case "/noframe":
        return html("<title>No frames</title><p>Frame me not.</p>", 200, {
          "content-security-policy": "default-src 'self'; frame-ancestors 'none'",
        });
      case "/sameorigin":
        return html("<title>Same origin</title><p>Only my own frames.</p>", 200, { "x-frame-options": "SAMEORIGIN" });
      case "/csp-wins":
        return html("<title>CSP wins</title><p>CSP allows any ancestor.</p>", 200, {
          "x-frame-options": "DENY",
          "content-security-policy": "frame-ancestors *",
        });
      case "/missing":
        return html("<title>Not found</title><h1>Nothing here</h1>", 404);
      case "/broken":
        return html("<title>Oops</title><h1>Server error</h1>", 500);
      case "/slow":
        return; // never answers: the socket stays open until lens gives up
      case "/slow-body":
        res.writeHead(200, { "content-type": "text/html" });
        res.write("<p>first bytes");
        return; // the rest never comes
      case "/to-metadata":
        res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" });
        return res.end();
      case "/deep":
        return html(`<title>Deep</title><main><p>Shallow words</p>${"<div>".repeat(100_000)}deep words</main>`);
      case "/loop":
        res.writeHead(302, { location: "/loop" });
        return res.end();
      default:
        return html("<title>Not here</title>", 404);
    }
  });
  server.on("connection", (s) => {
    open.add(s);
    s.on("close", () => open.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
